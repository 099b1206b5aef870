/**
 * Provider refusals and failures reach the caller as the port's typed errors, each with the
 * verdict it implies (done, skip the lead, cool the account down, reconnect, reconcile), never as
 * a bare HTTP status to retry blindly.
 */
import { describe, expect, it } from 'vitest';
import {
  AlreadyConnectedError,
  AlreadyInvitedError,
  InmailNotAllowedError,
  NotConnectedError,
  PermanentNetworkError,
  ProfileNotFoundError,
  ProviderConfigurationError,
  ProviderLimitError,
  RateLimitedError,
  SessionExpiredError,
  TransientNetworkError,
} from '../src/network.errors.js';
import { createUnipileNetwork } from '../src/unipile/unipile-network.adapter.js';
import { HOUR, PREDICTABLE_SIM, simAccount, useUnipileSim } from './unipile-harness.js';

const h = useUnipileSim({ ...PREDICTABLE_SIM, weeklyInvitationLimit: 2, timeoutHangMs: 60_000 }, 5_000);
const account = simAccount(2);
const lead = (publicIdentifier: string) => ({ publicIdentifier });

describe('Unipile errors mapped to the port', () => {
  it('a second invitation to a pending lead is AlreadyInvited (the step is done)', async () => {
    await h.network.sendInvitation({ accountId: account, lead: lead('ada-one') });
    const error = await h.network
      .sendInvitation({ accountId: account, lead: lead('ada-one') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AlreadyInvitedError);
    expect(error).toMatchObject({ providerCode: 'invitation_pending', retryable: false });
  });

  it('an invitation to a connection is AlreadyConnected', async () => {
    await h.network.sendInvitation({ accountId: account, lead: lead('bob-two') });
    h.clock.advance(HOUR);
    await expect(
      h.network.sendInvitation({ accountId: account, lead: lead('bob-two') }),
    ).rejects.toBeInstanceOf(AlreadyConnectedError);
  });

  it('the weekly invitation quota cools the invitations of the account down to the next window; the lead waits', async () => {
    await h.network.sendInvitation({ accountId: account, lead: lead('q-one') });
    h.clock.advance(HOUR);
    await h.network.sendInvitation({ accountId: account, lead: lead('q-two') });
    const error = await h.network
      .sendInvitation({ accountId: account, lead: lead('q-three') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderLimitError);
    expect(error).not.toBeInstanceOf(PermanentNetworkError);
    expect(error).toMatchObject({ scope: 'invitations', retryAfterMs: null });
    expect(h.sim.state.log.list({ type: 'invitation' })).toHaveLength(2);
  });

  it('a 429 is a provider limit on the scope of the call, with no retry time the SDK cannot read', async () => {
    h.sim.state.faults.arm({ kind: 'rate_limit', retryAfterMs: 90_000 });
    const error = await h.network
      .resolveMember({ accountId: account, publicIdentifier: 'x-y' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error).toMatchObject({ code: 'provider_limit', scope: 'profile_reads', retryAfterMs: null });
  });

  it('a lost session is SessionExpired on every action', async () => {
    h.sim.state.expireSession(account);
    await expect(
      h.network.sendInvitation({ accountId: account, lead: lead('s-one') }),
    ).rejects.toBeInstanceOf(SessionExpiredError);
    await expect(h.network.listRelations({ accountId: account })).rejects.toBeInstanceOf(SessionExpiredError);
  });

  it('a missing profile is ProfileNotFound', async () => {
    await expect(
      h.network.visitProfile({ accountId: account, lead: lead('missing-person') }),
    ).rejects.toBeInstanceOf(ProfileNotFoundError);
  });

  it('a plain message to a lead who is not a connection is NotConnected, and nothing is sent', async () => {
    await expect(
      h.network.sendMessage({ accountId: account, lead: lead('n-one'), content: 'Hi', inmail: 'never' }),
    ).rejects.toBeInstanceOf(NotConnectedError);
    expect(h.sim.state.log.list()).toEqual([]);
  });

  it('an InMail from an account without InMail is InmailNotAllowed', async () => {
    h.sim.state.setTier(h.sim.state.account(account), 'free');
    await expect(
      h.network.sendMessage({
        accountId: account,
        lead: lead('i-one'),
        content: 'Hi',
        inmail: 'when_not_connected',
      }),
    ).rejects.toBeInstanceOf(InmailNotAllowedError);
  });

  it('a note over 300 characters is refused before any call', async () => {
    const error = await h.network
      .sendInvitation({ accountId: account, lead: lead('long-note'), note: 'x'.repeat(301) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ providerCode: 'note_too_long' });
    expect(h.sim.state.log.list()).toEqual([]);
  });

  it('a free account refuses a note over 200 characters as a permanent refusal (too many characters)', async () => {
    h.sim.state.setTier(h.sim.state.account(account), 'free');
    const error = await h.network
      .sendInvitation({ accountId: account, lead: lead('free-note'), note: 'x'.repeat(250) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentNetworkError);
    expect(error).toMatchObject({ providerCode: 'too_many_characters' });
  });

  it('a 500 on an invitation is an unknown outcome that also cools the account down', async () => {
    h.sim.state.faults.arm({ kind: 'server_error', status: 500, operations: ['sendInvitation'] });
    const error = await h.network
      .sendInvitation({ accountId: account, lead: lead('t-500') })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransientNetworkError);
    expect(error).toMatchObject({ accountCooldown: true });
  });

  it('a 5xx and a hang are transient: the outcome is unknown', async () => {
    h.sim.state.faults.arm({ kind: 'server_error', operations: ['sendInvitation'], afterAction: true });
    await expect(h.network.sendInvitation({ accountId: account, lead: lead('t-one') })).rejects.toMatchObject(
      { code: 'transient', accountCooldown: false },
    );
    h.sim.state.faults.arm({ kind: 'timeout', operations: ['sendInvitation'] });
    await expect(
      h.network.sendInvitation({ accountId: account, lead: lead('t-two') }),
    ).rejects.toBeInstanceOf(TransientNetworkError);
  });

  it('a wrong API key is a configuration error, not a lost session of the account', async () => {
    const wrong = createUnipileNetwork({ dsn: h.running.url, apiKey: 'wrong', timeoutMs: 10_000 });
    const error = await wrong
      .resolveMember({ accountId: account, publicIdentifier: 'k-one' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderConfigurationError);
    expect(error).not.toBeInstanceOf(SessionExpiredError);
  });
});
