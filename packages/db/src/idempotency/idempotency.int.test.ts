/**
 * Idempotency keys across API instances: one claim wins among concurrent inserts, repeats see the
 * stored answer, a different request under the same key is told apart, an abandoned claim is taken
 * over after its lock (with the id it reserved for its creation), keys are per API key, and the
 * collection expires keys through a TTL index. A record inserted under a reserved id is stored once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { reservedId, type WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import type { IdempotencyClaimRequest } from './idempotency.entity.js';

let t: TestDb;
let ws: WorkspaceId;
let other: WorkspaceId;
// In the future: the TTL monitor runs in real time and must not remove keys during the test.
const T0 = new Date('2099-03-03T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const request = (key: string, overrides: Partial<IdempotencyClaimRequest> = {}): IdempotencyClaimRequest => ({
  apiKeyId: 'key_a',
  key,
  fingerprint: 'f1',
  realNow: T0,
  lockMs: 60_000,
  ttlMs: 86_400_000,
  ...overrides,
});

beforeAll(async () => {
  t = await openTestDb();
  ws = await newWorkspace(t.db);
  other = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

describe('claiming a key', () => {
  it('lets exactly one of many concurrent claims win; the others see it in flight', async () => {
    const claims = await Promise.all(
      Array.from({ length: 12 }, () => t.db.idempotencyKeys.claim(ws, request('concurrent'))),
    );
    expect(claims.filter((c) => c.kind === 'claimed')).toHaveLength(1);
    expect(claims.filter((c) => c.kind === 'in_flight')).toHaveLength(11);
  });

  it('replays the stored answer once completed, and refuses another request under the key', async () => {
    const claim = await t.db.idempotencyKeys.claim(ws, request('done'));
    if (claim.kind !== 'claimed') throw new Error(`not claimed: ${claim.kind}`);
    const ref = { apiKeyId: 'key_a', key: 'done', token: claim.token };
    expect(await t.db.idempotencyKeys.complete(ws, ref, { statusCode: 201, body: '{"id":"x"}' }, at(1))).toBe(
      true,
    );
    expect(await t.db.idempotencyKeys.claim(ws, request('done', { realNow: at(5) }))).toEqual({
      kind: 'replay',
      statusCode: 201,
      body: '{"id":"x"}',
    });
    expect(await t.db.idempotencyKeys.claim(ws, request('done', { fingerprint: 'f2' }))).toEqual({
      kind: 'mismatch',
    });
  });

  it('keeps keys apart per API key and per workspace', async () => {
    await t.db.idempotencyKeys.claim(ws, request('shared'));
    expect((await t.db.idempotencyKeys.claim(ws, request('shared', { apiKeyId: 'key_b' }))).kind).toBe(
      'claimed',
    );
    expect((await t.db.idempotencyKeys.claim(other, request('shared'))).kind).toBe('claimed');
  });

  it('hands an abandoned claim to one request after its lock ran out, and not before', async () => {
    const first = await t.db.idempotencyKeys.claim(ws, request('crashed'));
    if (first.kind !== 'claimed') throw new Error(`not claimed: ${first.kind}`);
    expect((await t.db.idempotencyKeys.claim(ws, request('crashed', { realNow: at(59) }))).kind).toBe(
      'in_flight',
    );
    const late = await Promise.all([
      t.db.idempotencyKeys.claim(ws, request('crashed', { realNow: at(61) })),
      t.db.idempotencyKeys.claim(ws, request('crashed', { realNow: at(61) })),
    ]);
    expect(late.map((c) => c.kind).sort()).toEqual(['claimed', 'in_flight']);
    // The request taking over creates under the crashed one's reserved id, so it finds what that
    // one created; a released key is claimed afresh, with a new one.
    expect(late.find((c) => c.kind === 'claimed')).toMatchObject({
      tookOver: true,
      creationId: first.creationId,
    });
    expect(first.creationId).toMatch(/^[0-9a-f]{24}$/);
    // The crashed request's late answer is not stored over the new one's claim.
    const stale = { apiKeyId: 'key_a', key: 'crashed', token: first.token };
    expect(await t.db.idempotencyKeys.complete(ws, stale, { statusCode: 200, body: '{}' }, at(1))).toBe(
      false,
    );
  });

  it('frees a released key for a fresh request', async () => {
    const claim = await t.db.idempotencyKeys.claim(ws, request('released'));
    if (claim.kind !== 'claimed') throw new Error(`not claimed: ${claim.kind}`);
    expect(
      await t.db.idempotencyKeys.release(ws, { apiKeyId: 'key_a', key: 'released', token: claim.token }),
    ).toBe(true);
    const again = await t.db.idempotencyKeys.claim(ws, request('released'));
    expect(again).toMatchObject({ kind: 'claimed', tookOver: false });
    expect(again.kind === 'claimed' && again.creationId).not.toBe(claim.creationId);
  });
});

it('expires keys through a TTL index and claims through a unique one', async () => {
  const indexes = await t.raw('idempotency_keys').indexes();
  expect(indexes.find((index) => index.key['expiresAt'] === 1)).toMatchObject({ expireAfterSeconds: 0 });
  expect(indexes.find((index) => index.key['key'] === 1)).toMatchObject({ unique: true });
});

describe('a record created under a reserved id', () => {
  it('is stored once: a second creation under the id returns the first as it is', async () => {
    const id = reservedId('campaign', new Types.ObjectId().toHexString());
    const first = await t.db.campaigns.create(ws, { name: 'First' }, { id });
    const second = await t.db.campaigns.create(ws, { name: 'First' }, { id });
    expect(second).toEqual(first);
    expect((await t.db.campaigns.list(ws, { search: 'First' })).total).toBe(1);
    // Another workspace is not answered with it: the id is taken, and the creation fails.
    await expect(t.db.campaigns.create(other, { name: 'Elsewhere' }, { id })).rejects.toThrow();
  });
});
