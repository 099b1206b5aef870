/**
 * De-risks "never twice": a repeated idempotency key returns the first answer and performs
 * nothing, including when the first call acted but its answer was lost to a timeout or a 5xx.
 */
import { describe, expect, it } from 'vitest';
import { createHttpNetwork } from '../src/http/http-network.adapter.js';
import { TransientNetworkError } from '../src/network.errors.js';
import { HOUR, accountId, newKey, useSandbox } from './sandbox-harness.js';

const h = useSandbox();
const sender = accountId(3);

describe('idempotency keys', () => {
  it('answers a repeated invitation key with the first result and sends one invitation', async () => {
    const input = { accountId: sender, publicIdentifier: 'kim-lu', note: 'Hi', idempotencyKey: newKey() };
    const first = await h.network.sendInvitation(input);
    h.clock.advance(5 * 60_000);

    const again = await h.network.sendInvitation(input);

    expect(again).toEqual(first);
    expect(await h.control.received()).toHaveLength(1);
  });

  it('answers a repeated message key with the first message even if the content changed', async () => {
    await h.control.upsertAccount(sender, { inmailAllowed: true });
    const key = newKey();
    const first = await h.network.sendMessage({
      accountId: sender,
      publicIdentifier: 'lea-ma',
      content: 'A',
      inmail: true,
      idempotencyKey: key,
    });

    const again = await h.network.sendMessage({
      accountId: sender,
      publicIdentifier: 'lea-ma',
      content: 'B',
      inmail: true,
      idempotencyKey: key,
    });

    expect(again).toEqual(first);
    expect((await h.control.received()).map((a) => a.content)).toEqual(['A']);
  });

  it('answers a repeated profile-visit key without a second visit', async () => {
    const input = { accountId: sender, publicIdentifier: 'max-ng', idempotencyKey: newKey() };
    const first = await h.network.visitProfile(input);

    expect(await h.network.visitProfile(input)).toEqual(first);
    expect(await h.control.received()).toHaveLength(1);
  });

  it('keeps the keys of different accounts apart', async () => {
    const key = newKey();
    await h.network.visitProfile({ accountId: sender, publicIdentifier: 'max-ng', idempotencyKey: key });
    await h.network.visitProfile({
      accountId: accountId(4),
      publicIdentifier: 'max-ng',
      idempotencyKey: key,
    });

    expect(await h.control.received()).toHaveLength(2);
  });

  it('lets a key try again after a refusal, since nothing was done', async () => {
    const key = newKey();
    const send = () =>
      h.network.sendMessage({
        accountId: sender,
        publicIdentifier: 'ned-oh',
        content: 'Hi',
        inmail: false,
        idempotencyKey: key,
      });
    await h.network.sendInvitation({
      accountId: sender,
      publicIdentifier: 'ned-oh',
      idempotencyKey: newKey(),
    });
    await expect(send()).rejects.toMatchObject({ code: 'not_connected' });
    h.clock.advance(HOUR);

    await expect(send()).resolves.toMatchObject({ messageId: expect.any(String) });
    expect(await h.control.received({ type: 'message' })).toHaveLength(1);
  });

  it('sends once when the first answer was lost to a timeout and the caller retries with the same key', async () => {
    const network = createHttpNetwork({ baseUrl: h.running.url, timeoutMs: 150 });
    await h.control.upsertAccount(sender, { inmailAllowed: true });
    await h.control.armFault({ kind: 'timeout', accountId: sender, afterAction: true, hangMs: 10_000 });
    const input = {
      accountId: sender,
      publicIdentifier: 'ola-py',
      content: 'Hi',
      inmail: true,
      idempotencyKey: newKey(),
    };

    await expect(network.sendMessage(input)).rejects.toBeInstanceOf(TransientNetworkError);
    const retried = await network.sendMessage(input);

    const received = await h.control.received();
    expect(received).toHaveLength(1);
    expect(received[0]?.resultId).toBe(retried.messageId);
  });

  it('sends once when the first answer was a 5xx after acting', async () => {
    await h.control.armFault({ kind: 'server_error', accountId: sender, afterAction: true });
    const input = { accountId: sender, publicIdentifier: 'pia-qu', idempotencyKey: newKey() };

    await expect(h.network.sendInvitation(input)).rejects.toBeInstanceOf(TransientNetworkError);
    await expect(h.network.sendInvitation(input)).resolves.toMatchObject({
      invitationId: expect.any(String),
    });
    expect(await h.control.received()).toHaveLength(1);
  });
});
