/**
 * The language-model answer cache: served until it expires, replaced on write, never across
 * workspaces. Dates lie in the future because the TTL monitor removes expired records in real time.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { asWorkspaceId } from '../common/public-ids.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
const wsA = asWorkspaceId('ws_aaaaaaaaaaaaaaaaaaaaaaaa');
const wsB = asWorkspaceId('ws_bbbbbbbbbbbbbbbbbbbbbbbb');
const now = new Date('2099-03-02T10:00:00Z');
const later = new Date('2099-03-03T10:00:00Z');

beforeAll(async () => {
  t = await openTestDb();
});
afterAll(() => t.db.close());

it('serves a stored answer to its workspace until it expires', async () => {
  await t.db.modelAnswers.set(wsA, 'k1', { matches: true, reason: 'fits' }, later);
  expect(await t.db.modelAnswers.get(wsA, 'k1', now)).toEqual({ matches: true, reason: 'fits' });
  expect(await t.db.modelAnswers.get(wsB, 'k1', now)).toBeUndefined();
  expect(await t.db.modelAnswers.get(wsA, 'k1', later)).toBeUndefined();
  expect(await t.db.modelAnswers.get(wsA, 'unknown', now)).toBeUndefined();
});

it('replaces an answer stored again under the same key', async () => {
  await t.db.modelAnswers.set(wsA, 'k2', { text: 'first' }, later);
  await t.db.modelAnswers.set(wsA, 'k2', { text: 'second' }, later);
  expect(await t.db.modelAnswers.get(wsA, 'k2', now)).toEqual({ text: 'second' });
  expect(await t.raw('model_answers').countDocuments({ key: 'k2' })).toBe(1);
});

it('expires answers through a TTL index', async () => {
  const indexes = await t.raw('model_answers').indexes();
  expect(indexes.find((index) => index.key['expiresAt'] === 1)).toMatchObject({ expireAfterSeconds: 0 });
});
