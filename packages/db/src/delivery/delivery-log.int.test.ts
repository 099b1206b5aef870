/**
 * What the delivery log needs from the data layer: a subscription's deliveries paged and filtered,
 * the next retry on each attempt, manual re-queueing (one delivery, or every failed one since a
 * time) without disturbing a dispatcher's claim, and the subscription's health counters.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { must } from '../testing/must.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
let ws: WorkspaceId;
let other: WorkspaceId;
let now = new Date('2025-03-03T10:00:00Z');
const T0 = now;
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const lease = (owner: string, when = now) => ({ owner, now: when, leaseMs: 30_000 });
const failedAttempt = (n: number) => ({
  attempt: n,
  at: at(n),
  statusCode: 500,
  responseBody: 'down',
  error: null,
  durationMs: 3,
});

beforeAll(async () => {
  t = await openTestDb({ clock: () => now });
  ws = await newWorkspace(t.db);
  other = await newWorkspace(t.db);
});
beforeEach(async () => {
  await t.raw('deliveries').deleteMany({});
  now = T0;
});
afterAll(() => t.db.close());

/** One delivery of a new event to `sub_log`, created at `created`, failed for good. */
async function failedDelivery(eventId: string, created: Date) {
  now = created;
  await t.db.deliveries.createForEvent(ws, eventId, [{ id: 'sub_log', url: 'https://log.example' }]);
  const claim = must(await t.db.deliveries.claimDueAcrossWorkspaces(lease('d1', created)));
  return t.db.deliveries.settleAttempt(ws, claim.id, 'd1', {
    attempt: failedAttempt(1),
    outcome: { status: 'failed', at: created, reason: 'attempts_exhausted' },
  });
}

describe('a subscription’s delivery log', () => {
  it('lists its deliveries newest first, paged, filtered by status, in its workspace only', async () => {
    const oldest = await failedDelivery('evt_1', at(0));
    const middle = await failedDelivery('evt_2', at(10));
    now = at(20);
    await t.db.deliveries.createForEvent(ws, 'evt_3', [{ id: 'sub_log', url: 'https://log.example' }]);
    const all = await t.db.deliveries.listForSubscription(ws, 'sub_log', { offset: 0, limit: 2 });
    expect(all.total).toBe(3);
    expect(all.items.map((d) => d.eventId)).toEqual(['evt_3', 'evt_2']);
    const failed = await t.db.deliveries.listForSubscription(ws, 'sub_log', { status: 'failed' });
    expect(failed.items.map((d) => d.id)).toEqual([middle.id, oldest.id]);
    expect((await t.db.deliveries.listForSubscription(other, 'sub_log')).total).toBe(0);
  });

  it('records the retry an attempt scheduled, and none for one that settled the delivery', async () => {
    await t.db.deliveries.createForEvent(ws, 'evt_r', [{ id: 'sub_log', url: 'https://log.example' }]);
    const claim = must(await t.db.deliveries.claimDueAcrossWorkspaces(lease('d1')));
    await t.db.deliveries.settleAttempt(ws, claim.id, 'd1', {
      attempt: failedAttempt(1),
      outcome: { status: 'pending', nextAttemptAt: at(5) },
    });
    const again = must(await t.db.deliveries.claimDueAcrossWorkspaces(lease('d1', at(5))));
    const done = await t.db.deliveries.settleAttempt(ws, again.id, 'd1', {
      attempt: { ...failedAttempt(2), statusCode: 200 },
      outcome: { status: 'delivered', at: at(6) },
    });
    expect(done.log.map((entry) => entry.nextRetryAt)).toEqual([at(5), null]);
  });
});

describe('re-queueing', () => {
  it('makes a failed delivery due now with its log kept, and refuses while a dispatcher holds it', async () => {
    const failed = await failedDelivery('evt_q', at(0));
    now = at(100);
    const requeued = must(await t.db.deliveries.requeue(ws, failed.id, now));
    expect(requeued).toMatchObject({
      status: 'pending',
      nextAttemptAt: at(100),
      failedAt: null,
      failureReason: null,
    });
    expect(requeued.log).toHaveLength(1);
    const claim = must(await t.db.deliveries.claimDueAcrossWorkspaces(lease('d2', at(100))));
    expect(claim.id).toBe(failed.id);
    expect(await t.db.deliveries.requeue(ws, failed.id, at(101))).toBeNull();
    expect(await t.db.deliveries.requeue(other, failed.id, at(101))).toBeNull();
  });

  it('re-queues the failed deliveries created since a time, and only those', async () => {
    const before = await failedDelivery('evt_a', at(0));
    const since = await failedDelivery('evt_b', at(60));
    now = at(120);
    await t.db.deliveries.createForEvent(ws, 'evt_c', [{ id: 'sub_log', url: 'https://log.example' }]);
    expect(await t.db.deliveries.requeueFailedSince(ws, 'sub_log', at(30), at(200))).toBe(1);
    expect((await t.db.deliveries.get(ws, since.id))?.status).toBe('pending');
    expect((await t.db.deliveries.get(ws, before.id))?.status).toBe('failed');
    expect(await t.db.deliveries.requeueFailedSince(other, 'sub_log', at(0), at(200))).toBe(0);
  });
});

describe('subscription health', () => {
  it('counts failures since the last success and resets on success', async () => {
    const { subscription } = await t.db.webhookSubscriptions.subscribe(ws, {
      url: 'https://health.example',
      type: 'message_received',
    });
    expect(subscription.health).toEqual({ lastSuccessAt: null, lastFailureAt: null, consecutiveFailures: 0 });
    const record = (succeeded: boolean, seconds: number) =>
      t.db.webhookSubscriptions.recordAttemptOutcome(ws, subscription.id, { succeeded, at: at(seconds) });
    await record(false, 1);
    await record(false, 2);
    expect((await t.db.webhookSubscriptions.get(ws, subscription.id))?.health).toEqual({
      lastSuccessAt: null,
      lastFailureAt: at(2),
      consecutiveFailures: 2,
    });
    await record(true, 3);
    await record(false, 4);
    expect((await t.db.webhookSubscriptions.get(ws, subscription.id))?.health).toEqual({
      lastSuccessAt: at(3),
      lastFailureAt: at(4),
      consecutiveFailures: 1,
    });
  });
});
