/**
 * The daily language-model budget shared by every runner: concurrent reservations never overspend
 * the call limit, tokens close the day once they reach theirs, and workspaces and days count apart.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asWorkspaceId } from '../common/public-ids.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
const wsA = asWorkspaceId('ws_aaaaaaaaaaaaaaaaaaaaaaaa');
const wsB = asWorkspaceId('ws_bbbbbbbbbbbbbbbbbbbbbbbb');

beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.db.close());

it('grants exactly the call limit to concurrent reservations, per workspace and day', async () => {
  const limits = { callsPerDay: 5, tokensPerDay: null };
  const granted = await Promise.all(
    Array.from({ length: 12 }, () => t.db.modelUsage.tryReserveCall(wsA, '2099-03-02', limits)),
  );
  expect(granted.filter(Boolean)).toHaveLength(5);
  expect(await t.db.modelUsage.tryReserveCall(wsB, '2099-03-02', limits)).toBe(true);
  expect(await t.db.modelUsage.tryReserveCall(wsA, '2099-03-03', limits)).toBe(true);
  expect(await t.db.modelUsage.usage(wsA, '2099-03-02')).toEqual({ calls: 5, tokens: 0 });
});

it('refuses further calls once the day’s tokens reach the token limit', async () => {
  const limits = { callsPerDay: null, tokensPerDay: 100 };
  expect(await t.db.modelUsage.tryReserveCall(wsA, '2099-04-01', limits)).toBe(true);
  await t.db.modelUsage.addTokens(wsA, '2099-04-01', 60);
  expect(await t.db.modelUsage.tryReserveCall(wsA, '2099-04-01', limits)).toBe(true);
  await t.db.modelUsage.addTokens(wsA, '2099-04-01', 60);
  expect(await t.db.modelUsage.tryReserveCall(wsA, '2099-04-01', limits)).toBe(false);
  expect(await t.db.modelUsage.usage(wsA, '2099-04-01')).toEqual({ calls: 2, tokens: 120 });
  expect(
    await t.db.modelUsage.tryReserveCall(wsA, '2099-04-01', { callsPerDay: 0, tokensPerDay: null }),
  ).toBe(false);
});

it('expires counters through a TTL index', async () => {
  const indexes = await t.raw('model_usage').indexes();
  expect(indexes.find((index) => index.key['expiresAt'] === 1)).toMatchObject({ expireAfterSeconds: 0 });
});
