/**
 * De-risks the error contract: every refusal and failure of the provider reaches the caller as
 * the typed error it stands for, with the right `retryable` flag.
 */
import { describe, expect, it } from 'vitest';
import { createHttpNetwork } from '../src/http/http-network.adapter.js';
import {
  InmailNotAllowedError,
  NotConnectedError,
  PermanentNetworkError,
  ProfileNotFoundError,
  RateLimitedError,
  SessionExpiredError,
  TransientNetworkError,
} from '../src/network.errors.js';
import { START, accountId, newKey, startSandbox, useSandbox } from './sandbox-harness.js';

const h = useSandbox();
const sender = accountId(7);

const message = (publicIdentifier: string, inmail: boolean) =>
  h.network.sendMessage({
    accountId: sender,
    publicIdentifier,
    content: 'Hi',
    inmail,
    idempotencyKey: newKey(),
  });

describe('refusals', () => {
  it('refuses a plain message to a lead who is not connected with NotConnectedError', async () => {
    const error = await message('gil-hart', false).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(NotConnectedError);
    expect(error).toMatchObject({ publicIdentifier: 'gil-hart', retryable: false });
    expect(await h.control.received()).toEqual([]);
  });

  it('refuses an InMail from an account without InMail with InmailNotAllowedError', async () => {
    await h.control.upsertAccount(sender, { inmailAllowed: false });

    await expect(message('gil-hart', true)).rejects.toBeInstanceOf(InmailNotAllowedError);
  });

  it('answers ProfileNotFoundError for an identifier configured as missing, on every call', async () => {
    const lead = 'missing-person';
    await expect(
      h.network.visitProfile({ accountId: sender, publicIdentifier: lead, idempotencyKey: newKey() }),
    ).rejects.toBeInstanceOf(ProfileNotFoundError);
    await expect(
      h.network.sendInvitation({ accountId: sender, publicIdentifier: lead, idempotencyKey: newKey() }),
    ).rejects.toMatchObject({ code: 'profile_not_found', publicIdentifier: lead });
    await expect(
      h.network.getRelationship({ accountId: sender, publicIdentifier: lead }),
    ).rejects.toBeInstanceOf(ProfileNotFoundError);
  });

  it('refuses a second invitation while one is pending as a permanent error', async () => {
    await h.network.sendInvitation({
      accountId: sender,
      publicIdentifier: 'hal-ito',
      idempotencyKey: newKey(),
    });

    const error = await h.network
      .sendInvitation({ accountId: sender, publicIdentifier: 'hal-ito', idempotencyKey: newKey() })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(PermanentNetworkError);
    expect(error).toMatchObject({ providerCode: 'invitation_pending', retryable: false });
  });

  it('refuses an invitation note longer than 300 characters as a permanent error', async () => {
    const note = 'x'.repeat(301);

    await expect(
      h.network.sendInvitation({
        accountId: sender,
        publicIdentifier: 'ida-jo',
        note,
        idempotencyKey: newKey(),
      }),
    ).rejects.toMatchObject({ code: 'permanent', providerCode: 'invalid_request' });
  });

  it('requires an idempotency key on every action', async () => {
    const response = await fetch(`${h.running.url}/v1/accounts/${sender}/profile-visits`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ publicIdentifier: 'jane-doe' }),
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, code: 'invalid_request' });
  });
});

describe('session expiry', () => {
  it('fails every action with SessionExpiredError until the account is reconnected', async () => {
    await h.control.expireSession(sender, 'cookie revoked');

    const error = await h.network
      .visitProfile({ accountId: sender, publicIdentifier: 'jane-doe', idempotencyKey: newKey() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect(error).toMatchObject({ reason: 'cookie revoked', retryable: false });
    await expect(
      h.network.getRelationship({ accountId: sender, publicIdentifier: 'jane-doe' }),
    ).rejects.toBeInstanceOf(SessionExpiredError);

    await h.control.reconnect(sender);
    await expect(
      h.network.getRelationship({ accountId: sender, publicIdentifier: 'jane-doe' }),
    ).resolves.toBe('none');
  });

  it('reports the lost session once as a session_expired event, which stays readable', async () => {
    await h.control.expireSession(sender, 'cookie revoked');
    await h.control.expireSession(sender, 'again');

    const { events } = await h.network.pollEvents({ accountId: sender });

    expect(events).toEqual([
      {
        id: expect.stringMatching(/^sbx-evt-/),
        type: 'session_expired',
        reason: 'cookie revoked',
        occurredAt: new Date(START),
      },
    ]);
  });
});

describe('transport failures', () => {
  it('maps a connection refused to TransientNetworkError', async () => {
    const other = await startSandbox();
    const network = createHttpNetwork({ baseUrl: other.running.url, timeoutMs: 1_000 });
    await other.running.close();

    const error = await network
      .getRelationship({ accountId: sender, publicIdentifier: 'jane-doe' })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TransientNetworkError);
    expect(error).toMatchObject({ retryable: true });
  });

  it('maps a 429 to RateLimitedError carrying the retry-after', async () => {
    await h.control.armFault({ kind: 'rate_limit', accountId: sender, retryAfterMs: 90_000 });

    const error = await h.network
      .getRelationship({ accountId: sender, publicIdentifier: 'jane-doe' })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ retryAfterMs: 90_000, retryable: true });
  });

  it('maps a 5xx to TransientNetworkError', async () => {
    await h.control.armFault({ kind: 'server_error', accountId: sender, status: 502 });

    await expect(
      h.network.getRelationship({ accountId: sender, publicIdentifier: 'jane-doe' }),
    ).rejects.toBeInstanceOf(TransientNetworkError);
  });

  it('maps a provider that hangs past the client timeout to TransientNetworkError', async () => {
    const network = createHttpNetwork({ baseUrl: h.running.url, timeoutMs: 150 });
    await h.control.armFault({ kind: 'timeout', accountId: sender, hangMs: 10_000 });

    const startedAt = Date.now();
    const error = await network
      .getRelationship({ accountId: sender, publicIdentifier: 'jane-doe' })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(TransientNetworkError);
    expect((error as Error).message).toContain('150 ms');
    expect(Date.now() - startedAt).toBeLessThan(2_000);
  });
});
