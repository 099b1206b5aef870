/**
 * What the dispatcher needs beyond claiming: leaving busy subscriptions out of a claim, settling an
 * attempt (log entry and outcome) in one update, failure reasons, response bodies, and handing a
 * claim back without counting it.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LeaseLostError } from '../common/db-errors.js';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { must } from '../testing/must.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import { MAX_RESPONSE_BODY_LENGTH } from './delivery.schema.js';

let t: TestDb;
let ws: WorkspaceId;
const T0 = new Date('2025-03-03T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const lease = (owner: string, now = T0) => ({ owner, now, leaseMs: 30_000 });
const attempt = (n: number, statusCode: number | null, responseBody: string | null = null) => ({
  attempt: n,
  at: at(n),
  statusCode,
  responseBody,
  error: statusCode === null ? 'timeout' : null,
  durationMs: 7,
});

beforeAll(async () => {
  t = await openTestDb({ clock: () => T0 });
  ws = await newWorkspace(t.db);
});
// Claims span the whole collection, so each test starts without anyone else's deliveries.
beforeEach(async () => {
  await t.raw('deliveries').deleteMany({});
});
afterAll(() => t.db.close());

async function oneDelivery(subscriptionId = 'sub_a') {
  await t.db.deliveries.createForEvent(ws, `evt_${subscriptionId}`, [
    { id: subscriptionId, url: `https://${subscriptionId}.example` },
  ]);
  return must(await t.db.deliveries.claimDueAcrossWorkspaces(lease('d1')));
}

describe('claiming around busy subscriptions', () => {
  it('leaves deliveries of excluded subscriptions unclaimed and untouched', async () => {
    await t.db.deliveries.createForEvent(ws, 'evt_busy', [
      { id: 'sub_busy', url: 'https://busy.example' },
      { id: 'sub_idle', url: 'https://idle.example' },
    ]);
    const exclude = { excludeSubscriptionIds: ['sub_busy'] };
    const claimed = await t.db.deliveries.claimDueAcrossWorkspaces(lease('d1'), exclude);
    expect(claimed?.subscriptionId).toBe('sub_idle');
    expect(await t.db.deliveries.claimDueAcrossWorkspaces(lease('d1'), exclude)).toBeNull();

    const [busy] = (await t.db.deliveries.listForEvent(ws, 'evt_busy')).filter(
      (d) => d.subscriptionId === 'sub_busy',
    );
    expect(busy).toMatchObject({ attempts: 0, leaseOwner: null, nextAttemptAt: T0, status: 'pending' });
    // Still due at the same time for a claimer that is not busy with it.
    const other = await t.db.deliveries.claimDueAcrossWorkspaces(lease('d2'), { excludeSubscriptionIds: [] });
    expect(other).toMatchObject({ subscriptionId: 'sub_busy', attempts: 1 });
  });
});

describe('settling an attempt', () => {
  it('logs the attempt and schedules the retry in one call, giving the lease back', async () => {
    const claim = await oneDelivery();
    const long = 'x'.repeat(MAX_RESPONSE_BODY_LENGTH + 500);
    const settled = await t.db.deliveries.settleAttempt(ws, claim.id, 'd1', {
      attempt: attempt(1, 503, long),
      outcome: { status: 'pending', nextAttemptAt: at(5) },
    });
    expect(settled).toMatchObject({
      status: 'pending',
      nextAttemptAt: at(5),
      leaseOwner: null,
      leaseUntil: null,
      attempts: 1,
      failureReason: null,
    });
    expect(settled.log).toEqual([
      { ...attempt(1, 503), responseBody: 'x'.repeat(MAX_RESPONSE_BODY_LENGTH), nextRetryAt: at(5) },
    ]);
    expect(await t.db.deliveries.claimDueAcrossWorkspaces(lease('d2', at(4)))).toBeNull();
    expect((await t.db.deliveries.claimDueAcrossWorkspaces(lease('d2', at(5))))?.id).toBe(claim.id);
  });

  it('marks delivered with the attempt that succeeded', async () => {
    const claim = await oneDelivery();
    const delivered = await t.db.deliveries.settleAttempt(ws, claim.id, 'd1', {
      attempt: attempt(1, 200, 'ok'),
      outcome: { status: 'delivered', at: at(1) },
    });
    expect(delivered).toMatchObject({ status: 'delivered', deliveredAt: at(1), nextAttemptAt: null });
    expect(delivered.log.map((entry) => entry.responseBody)).toEqual(['ok']);
    expect(await t.db.deliveries.claimDueAcrossWorkspaces(lease('d2', at(100_000)))).toBeNull();
  });

  it('fails for good with its reason, with or without an attempt', async () => {
    const gone = await oneDelivery('sub_gone');
    expect(
      await t.db.deliveries.settleAttempt(ws, gone.id, 'd1', {
        attempt: attempt(1, 410),
        outcome: { status: 'failed', at: at(1), reason: 'gone' },
      }),
    ).toMatchObject({ status: 'failed', failedAt: at(1), failureReason: 'gone', nextAttemptAt: null });
    const orphan = await oneDelivery('sub_removed');
    const failed = await t.db.deliveries.settleAttempt(ws, orphan.id, 'd1', {
      attempt: null,
      outcome: { status: 'failed', at: at(2), reason: 'subscription_removed' },
    });
    expect(failed).toMatchObject({ status: 'failed', failureReason: 'subscription_removed', log: [] });
  });

  it('writes nothing for a dispatcher that lost the lease', async () => {
    const claim = await oneDelivery();
    await expect(
      t.db.deliveries.settleAttempt(ws, claim.id, 'intruder', {
        attempt: attempt(1, 200),
        outcome: { status: 'delivered', at: at(1) },
      }),
    ).rejects.toBeInstanceOf(LeaseLostError);
    expect(must(await t.db.deliveries.get(ws, claim.id))).toMatchObject({
      status: 'pending',
      leaseOwner: 'd1',
      log: [],
    });
  });

  it('keeps the reason given to markFailed, and none when it is left out', async () => {
    const withReason = await oneDelivery('sub_r1');
    expect(
      (await t.db.deliveries.markFailed(ws, withReason.id, 'd1', at(1), 'attempts_exhausted')).failureReason,
    ).toBe('attempts_exhausted');
    const without = await oneDelivery('sub_r2');
    expect((await t.db.deliveries.markFailed(ws, without.id, 'd1', at(1))).failureReason).toBeNull();
  });

  it('stores the response body of an attempt logged on its own, null when left out', async () => {
    const claim = await oneDelivery();
    await t.db.deliveries.recordAttempt(ws, claim.id, 'd1', attempt(1, 500, 'upstream down'));
    const { responseBody: _omitted, ...withoutBody } = attempt(2, 500);
    const logged = await t.db.deliveries.recordAttempt(ws, claim.id, 'd1', withoutBody);
    expect(logged.log.map((entry) => entry.responseBody)).toEqual(['upstream down', null]);
  });
});

describe('handing a claim back', () => {
  it('clears the lease without counting the claim or logging anything', async () => {
    const claim = await oneDelivery();
    expect(claim.attempts).toBe(1);
    expect(await t.db.deliveries.release(ws, claim.id, 'intruder')).toBe(false);
    expect(await t.db.deliveries.release(ws, claim.id, 'd1', { nextAttemptAt: at(3) })).toBe(true);
    expect(must(await t.db.deliveries.get(ws, claim.id))).toMatchObject({
      attempts: 0,
      leaseOwner: null,
      leaseUntil: null,
      nextAttemptAt: at(3),
      log: [],
    });
    expect(await t.db.deliveries.release(ws, claim.id, 'd1')).toBe(false);
    const again = must(await t.db.deliveries.claimDueAcrossWorkspaces(lease('d2', at(3))));
    expect(again).toMatchObject({ id: claim.id, attempts: 1 });
  });

  it('keeps the due time when none is given, and cannot release a settled delivery', async () => {
    const claim = await oneDelivery();
    expect(await t.db.deliveries.release(ws, claim.id, 'd1')).toBe(true);
    expect((await t.db.deliveries.get(ws, claim.id))?.nextAttemptAt).toEqual(T0);
    const reclaimed = must(await t.db.deliveries.claimDueAcrossWorkspaces(lease('d1')));
    await t.db.deliveries.settleAttempt(ws, reclaimed.id, 'd1', {
      attempt: attempt(1, 200),
      outcome: { status: 'delivered', at: at(1) },
    });
    expect(await t.db.deliveries.release(ws, claim.id, 'd1')).toBe(false);
    expect((await t.db.deliveries.get(ws, claim.id))?.attempts).toBe(1);
  });
});
