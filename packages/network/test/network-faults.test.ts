/**
 * De-risks fault injection on demand: a fault hits exactly the calls it was armed for (account,
 * operations, count), then the network behaves normally again.
 */
import { describe, expect, it } from 'vitest';
import { RateLimitedError, TransientNetworkError } from '../src/network.errors.js';
import { accountId, newKey, useSandbox } from './sandbox-harness.js';

const h = useSandbox();
const a = accountId(10);
const b = accountId(11);

const visit = (accountId: string) =>
  h.network.visitProfile({ accountId, publicIdentifier: 'zoe-ab', idempotencyKey: newKey() });
const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error: unknown) => (error instanceof Error ? error.constructor.name : 'unknown'),
  );

describe('faults on demand', () => {
  it('fails the next N calls of one account and leaves other accounts alone', async () => {
    await h.control.armFault({ kind: 'rate_limit', accountId: a, count: 2, retryAfterMs: 5_000 });

    const results = [
      await outcome(visit(a)),
      await outcome(visit(b)),
      await outcome(visit(a)),
      await outcome(visit(a)),
    ];

    expect(results).toEqual(['RateLimitedError', 'ok', 'RateLimitedError', 'ok']);
    expect(await h.control.received({ accountId: a })).toHaveLength(1);
  });

  it('fails the next calls of every account when armed without an account', async () => {
    await h.control.armFault({ kind: 'server_error', count: 2 });

    expect([await outcome(visit(a)), await outcome(visit(b)), await outcome(visit(a))]).toEqual([
      'TransientNetworkError',
      'TransientNetworkError',
      'ok',
    ]);
  });

  it('fails only the operations it was armed for', async () => {
    await h.control.armFault({ kind: 'rate_limit', accountId: a, operations: ['sendInvitation'] });

    await expect(h.network.pollEvents({ accountId: a })).resolves.toMatchObject({ events: [] });
    await expect(visit(a)).resolves.toBeDefined();
    await expect(
      h.network.sendInvitation({ accountId: a, publicIdentifier: 'zoe-ab', idempotencyKey: newKey() }),
    ).rejects.toBeInstanceOf(RateLimitedError);
  });

  it('sends Retry-After in seconds with the exact wait in the body', async () => {
    await h.control.armFault({ kind: 'rate_limit', accountId: a, retryAfterMs: 1_500 });

    const response = await fetch(`${h.running.url}/v1/accounts/${a}/relationships/zoe-ab`);

    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(await response.json()).toMatchObject({ code: 'rate_limited', retryAfterMs: 1_500 });
  });

  it('lists armed faults with what is left of them, and clears them', async () => {
    await h.control.armFault({ kind: 'timeout', accountId: a, count: 3 });
    await h.control.armFault({ kind: 'server_error' });
    await outcome(h.network.pollEvents({ accountId: b }));

    expect((await h.control.listFaults()).map((f) => [f.kind, f.remaining])).toEqual([['timeout', 3]]);
    await h.control.clearFaults();
    expect(await h.control.listFaults()).toEqual([]);
    await expect(visit(a)).resolves.toBeDefined();
  });

  it('fails polls too when armed for every operation, with nothing lost', async () => {
    await h.control.expireSession(a, 'gone');
    await h.control.armFault({ kind: 'server_error', accountId: a });

    await expect(h.network.pollEvents({ accountId: a })).rejects.toBeInstanceOf(TransientNetworkError);
    expect((await h.network.pollEvents({ accountId: a })).events.map((e) => e.type)).toEqual([
      'session_expired',
    ]);
  });

  it('rejects an invalid fault', async () => {
    await expect(h.control.armFault({ kind: 'server_error', status: 404 })).rejects.toThrow(/400/);
  });
});
