/** The adapter's own logic over the data layer: what the scenario suites do not single out. */
import { asWorkspaceId, connectDb, DELIVERY_FAILURE_REASONS, type Db } from '@outreach/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newWorkspaceId } from '../testing/scenario-fixture.js';
import { freshTestDatabaseUri } from '../testing/test-database.js';
import {
  FAILURE_REASONS,
  type AttemptRecord,
  type ClaimedDelivery,
  type SettlementOutcome,
} from '../ports/dispatch-store.port.js';
import { DbDispatchStore } from './db-dispatch-store.adapter.js';

const T0 = new Date('2025-03-03T10:00:00Z');
let now = T0;
let db: Db;
let store: DbDispatchStore;
const workspaceId = asWorkspaceId(newWorkspaceId());
const claimRequest = (owner = 'd1', limit = 10, held: Record<string, number> = {}) => ({
  now,
  leaseMs: 60_000,
  owner,
  limit,
  perSubscriptionLimit: 2,
  heldBySubscription: new Map(Object.entries(held)),
});
const attempt = (n: number, statusCode: number, responseBody: string | null = null): AttemptRecord => ({
  attempt: n,
  startedAt: now,
  durationMs: 5,
  statusCode,
  responseBody,
  error: null,
});
const settleOne = async (
  claim: ClaimedDelivery,
  made: AttemptRecord | null,
  outcome: SettlementOutcome,
): Promise<boolean> => {
  const [written] = await store.settle([{ claim, attempt: made, outcome }]);
  return written === true;
};

beforeEach(async () => {
  now = T0;
  db = await connectDb(freshTestDatabaseUri(), { clock: () => now });
  store = new DbDispatchStore(db);
});
afterEach(() => db.close());

async function eventWithDeliveries(
  subscriptionIds: string[],
  key = subscriptionIds.join('_'),
): Promise<string> {
  const { event } = await db.events.insert(workspaceId, {
    type: 'message_received',
    transitionKey: `msg_${key}`,
    data: { n: 1 },
    timestamp: now,
  });
  await db.deliveries.createForEvent(
    workspaceId,
    event.id,
    subscriptionIds.map((id) => ({ id, url: `https://${id}.example` })),
  );
  return event.id;
}

async function onlyClaim(owner = 'd1'): Promise<ClaimedDelivery> {
  const [claim] = await store.claimDue(claimRequest(owner, 1));
  if (!claim) throw new Error('nothing claimed');
  return claim;
}

describe('DbDispatchStore', () => {
  it('offers the subscriptions of each workspace and type asked for, with their creation time', async () => {
    now = new Date(T0.getTime() - 1_000);
    const early = await db.webhookSubscriptions.subscribe(workspaceId, {
      url: 'https://early.example',
      type: 'message_received',
    });
    await db.webhookSubscriptions.subscribe(workspaceId, {
      url: 'https://other-type.example',
      type: 'campaign_completed',
    });
    await db.webhookSubscriptions.subscribe(asWorkspaceId(newWorkspaceId()), {
      url: 'https://other-workspace.example',
      type: 'message_received',
    });
    expect(await store.subscriptionsFor([{ workspaceId, type: 'message_received' }])).toEqual([
      {
        id: early.subscription.id,
        url: 'https://early.example',
        workspaceId,
        type: 'message_received',
        createdAt: now,
      },
    ]);
  });

  it('fans a batch of events out once, even when two dispatchers race for it', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const { event } = await db.events.insert(workspaceId, {
        type: 'message_received',
        transitionKey: `fan_${i}`,
        data: {},
        timestamp: now,
      });
      ids.push(event.id);
    }
    const lease = (owner: string) => ({ now, leaseMs: 60_000, owner });
    const [a, b] = await Promise.all([
      store.claimEventsForFanOut(lease('d1'), 3),
      store.claimEventsForFanOut(lease('d2'), 3),
    ]);
    const claimed = [...a, ...b].map((e) => e.id);
    expect(new Set(claimed).size).toBe(claimed.length);
    expect(await store.markFannedOut(a, 'd2')).toBe(0);
    expect(await store.markFannedOut(a, 'd1')).toBe(a.length);
    // Once the leases end, what was not marked is there to fan out again.
    now = new Date(T0.getTime() + 60_000);
    const rest = await store.claimEventsForFanOut(lease('d3'), 10);
    expect(rest.map((e) => e.id).sort()).toEqual(ids.filter((id) => !a.some((e) => e.id === id)).sort());
  });

  it('claims a batch within the per-subscription room, counting what is in flight', async () => {
    await eventWithDeliveries(['sub_busy', 'sub_idle'], 'one');
    await eventWithDeliveries(['sub_busy', 'sub_idle'], 'two');
    await eventWithDeliveries(['sub_busy', 'sub_idle'], 'three');
    const claims = await store.claimDue(claimRequest('d1', 10, { sub_busy: 1 }));
    expect(claims.map((c) => c.subscriptionId).sort()).toEqual(['sub_busy', 'sub_idle', 'sub_idle']);
    expect(new Set(claims.map((c) => c.leaseToken)).size).toBe(1);
    // Left due and uncounted for a dispatcher with room for them.
    const other = await store.claimDue(claimRequest('d2', 10));
    expect(other.map((c) => c.subscriptionId).sort()).toEqual(['sub_busy', 'sub_busy', 'sub_idle']);
    expect(await store.claimDue(claimRequest('d3', 10))).toEqual([]);
  });

  it('never claims a delivery twice when dispatchers claim at once', async () => {
    for (let i = 0; i < 6; i += 1) await eventWithDeliveries([`sub_${i}`]);
    const batches = await Promise.all(
      ['d1', 'd2', 'd3'].map((owner) => store.claimDue(claimRequest(owner, 4))),
    );
    const claimed = batches.flat().map((c) => c.id);
    expect(batches.every((batch) => batch.length <= 4)).toBe(true);
    expect(new Set(claimed).size).toBe(claimed.length);
  });

  it('numbers an attempt after those on record, and a released claim counts for nothing', async () => {
    const eventId = await eventWithDeliveries(['sub_a']);
    const first = await onlyClaim();
    expect(first.attempt).toBe(1);
    expect(await settleOne(first, null, { status: 'released', nextAttemptAt: now })).toBe(true);
    expect((await db.deliveries.listForEvent(workspaceId, eventId))[0]).toMatchObject({
      attempts: 0,
      leaseOwner: null,
      log: [],
    });
    expect((await onlyClaim()).attempt).toBe(1);
  });

  it('stores the attempt, its response body and the failure reason with the outcome', async () => {
    const eventId = await eventWithDeliveries(['sub_a']);
    const claim = await onlyClaim();
    const written = await settleOne(claim, attempt(1, 410, 'gone for good'), {
      status: 'failed',
      at: now,
      reason: 'gone',
    });
    expect(written).toBe(true);
    const [stored] = await db.deliveries.listForEvent(workspaceId, eventId);
    expect(stored).toMatchObject({ status: 'failed', failureReason: 'gone', leaseOwner: null });
    expect(stored?.log).toEqual([
      {
        attempt: 1,
        at: now,
        statusCode: 410,
        responseBody: 'gone for good',
        error: null,
        durationMs: 5,
        nextRetryAt: null,
      },
    ]);
  });

  it('records the next retry on the attempt and keeps the subscription’s health', async () => {
    const { subscription } = await db.webhookSubscriptions.subscribe(workspaceId, {
      url: 'https://health.example',
      type: 'message_received',
    });
    const eventId = await eventWithDeliveries([subscription.id]);
    const retryAt = new Date(T0.getTime() + 5_000);
    const first = await onlyClaim();
    expect(await settleOne(first, attempt(1, 500), { status: 'pending', nextAttemptAt: retryAt })).toBe(true);
    await store.flush();
    expect((await db.webhookSubscriptions.get(workspaceId, subscription.id))?.health).toMatchObject({
      consecutiveFailures: 1,
      lastSuccessAt: null,
    });
    now = retryAt;
    const second = await onlyClaim();
    expect(await settleOne(second, attempt(2, 200), { status: 'delivered', at: now })).toBe(true);
    const [stored] = await db.deliveries.listForEvent(workspaceId, eventId);
    expect(stored?.log.map((entry) => entry.nextRetryAt)).toEqual([retryAt, null]);
    await store.flush();
    expect((await db.webhookSubscriptions.get(workspaceId, subscription.id))?.health).toEqual({
      lastSuccessAt: new Date(retryAt.getTime() + 5),
      lastFailureAt: new Date(T0.getTime() + 5),
      consecutiveFailures: 0,
    });
  });

  it('keeps health as the attempts of one batch would one by one, in the order they ended', async () => {
    const { subscription } = await db.webhookSubscriptions.subscribe(workspaceId, {
      url: 'https://batch-health.example',
      type: 'message_received',
    });
    for (let i = 0; i < 3; i += 1) await eventWithDeliveries([subscription.id], `health_${i}`);
    const claims = await store.claimDue({ ...claimRequest('d1', 3), perSubscriptionLimit: 3 });
    const at = (ms: number, statusCode: number): AttemptRecord => ({
      ...attempt(1, statusCode),
      startedAt: new Date(T0.getTime() + ms),
    });
    const retry = { status: 'pending', nextAttemptAt: new Date(T0.getTime() + 60_000) } as const;
    const written = await store.settle([
      { claim: claims[0] as ClaimedDelivery, attempt: at(300, 500), outcome: retry },
      { claim: claims[1] as ClaimedDelivery, attempt: at(100, 500), outcome: retry },
      {
        claim: claims[2] as ClaimedDelivery,
        attempt: at(200, 200),
        outcome: { status: 'delivered', at: now },
      },
    ]);
    expect(written).toEqual([true, true, true]);
    await store.flush();
    expect((await db.webhookSubscriptions.get(workspaceId, subscription.id))?.health).toEqual({
      lastSuccessAt: new Date(T0.getTime() + 205),
      lastFailureAt: new Date(T0.getTime() + 305),
      consecutiveFailures: 1,
    });
  });

  it('knows the same failure reasons as the data layer', () => {
    expect([...FAILURE_REASONS]).toEqual([...DELIVERY_FAILURE_REASONS]);
  });

  it('reports a lost lease for that delivery alone and writes the rest of the batch', async () => {
    await eventWithDeliveries(['sub_a', 'sub_b']);
    const claims = await store.claimDue(claimRequest('d1', 2));
    const [lost, kept] = claims;
    if (!lost || !kept) throw new Error('expected two claims');
    now = new Date(T0.getTime() + 60_000);
    // d1's leases expired; d2 takes one of the deliveries over and sends it.
    const [taken] = await store.claimDue({ ...claimRequest('d2', 1), perSubscriptionLimit: 1 });
    const takenOver = taken?.id === lost.id ? lost : kept;
    const stillHeld = takenOver === lost ? kept : lost;
    const written = await store.settle([
      { claim: takenOver, attempt: attempt(1, 200, 'ok'), outcome: { status: 'delivered', at: now } },
      { claim: stillHeld, attempt: attempt(1, 200, 'ok'), outcome: { status: 'delivered', at: now } },
    ]);
    expect(written).toEqual([false, true]);
    const stored = await db.deliveries.get(workspaceId, takenOver.id);
    expect(stored).toMatchObject({ status: 'pending', leaseOwner: 'd2', log: [] });
  });

  it('does not hand an event of one workspace to another', async () => {
    const eventId = await eventWithDeliveries(['sub_a']);
    const fresh = new DbDispatchStore(db);
    expect((await fresh.loadEvents([{ workspaceId, eventId }])).get(eventId)).toMatchObject({
      id: eventId,
      workspaceId,
    });
    expect((await fresh.loadEvents([{ workspaceId: newWorkspaceId(), eventId }])).size).toBe(0);
    expect((await store.loadEvents([{ workspaceId: newWorkspaceId(), eventId }])).size).toBe(0);
  });
});
