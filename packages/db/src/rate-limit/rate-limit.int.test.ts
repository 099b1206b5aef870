/**
 * Fixed-window counters shared by every API instance. The windows lie in the future because the
 * TTL monitor removes expired counters in real time while the test runs.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;

beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.db.close());

it('counts every concurrent request in the window and starts again in the next', async () => {
  const window = { realNow: new Date('2099-03-03T10:00:30Z'), windowMs: 60_000 };
  const counts = await Promise.all(
    Array.from({ length: 25 }, () => t.db.rateLimits.incrementFixedWindow('key_a', window)),
  );
  expect(counts.map((c) => c.count).sort((a, b) => a - b)).toEqual(
    Array.from({ length: 25 }, (_, n) => n + 1),
  );
  expect(counts[0]?.resetAt).toEqual(new Date('2099-03-03T10:01:00Z'));
  expect((await t.db.rateLimits.incrementFixedWindow('key_b', window)).count).toBe(1);
  const next = await t.db.rateLimits.incrementFixedWindow('key_a', {
    ...window,
    realNow: new Date('2099-03-03T10:01:00Z'),
  });
  expect(next).toEqual({ count: 1, resetAt: new Date('2099-03-03T10:02:00Z') });
});

it('expires windows through a TTL index', async () => {
  const indexes = await t.raw('rate_limits').indexes();
  expect(indexes.find((index) => index.key['expiresAt'] === 1)).toMatchObject({ expireAfterSeconds: 0 });
});
