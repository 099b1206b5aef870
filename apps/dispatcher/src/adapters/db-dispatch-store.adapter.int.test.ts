/** The adapter's own logic over the data layer: what the scenario suites do not single out. */
import { asWorkspaceId, connectDb, DELIVERY_FAILURE_REASONS, type Db } from '@outreach/db';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newWorkspaceId } from '../testing/scenario-fixture.js';
import { freshTestDatabaseUri } from '../testing/test-database.js';
import { FAILURE_REASONS } from '../ports/dispatch-store.port.js';
import { DbDispatchStore } from './db-dispatch-store.adapter.js';

const T0 = new Date('2025-03-03T10:00:00Z');
let now = T0;
let db: Db;
let store: DbDispatchStore;
const workspaceId = asWorkspaceId(newWorkspaceId());
const lease = (owner = 'd1') => ({ now, leaseMs: 60_000, owner });

beforeEach(async () => {
  now = T0;
  db = await connectDb(freshTestDatabaseUri(), { clock: () => now });
  store = new DbDispatchStore(db);
});
afterEach(() => db.close());

async function eventWithDeliveries(subscriptionIds: string[]): Promise<string> {
  const { event } = await db.events.insert(workspaceId, {
    type: 'message_received',
    transitionKey: `msg_${subscriptionIds.join('_')}`,
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

describe('DbDispatchStore', () => {
  it('offers only subscriptions created at or before the event', async () => {
    now = new Date(T0.getTime() - 1_000);
    const early = await db.webhookSubscriptions.subscribe(workspaceId, {
      url: 'https://early.example',
      type: 'message_received',
    });
    now = new Date(T0.getTime() + 1_000);
    await db.webhookSubscriptions.subscribe(workspaceId, {
      url: 'https://late.example',
      type: 'message_received',
    });
    expect(await store.subscriptionsFor(workspaceId, 'message_received', T0)).toEqual([
      { id: early.subscription.id, url: 'https://early.example' },
    ]);
  });

  it('leaves deliveries of excluded subscriptions unclaimed, due and uncounted', async () => {
    const eventId = await eventWithDeliveries(['sub_busy', 'sub_idle']);
    const claim = await store.claimDue({ ...lease(), excludeSubscriptionIds: ['sub_busy'] });
    expect(claim?.subscriptionId).toBe('sub_idle');
    expect(await store.claimDue({ ...lease(), excludeSubscriptionIds: ['sub_busy'] })).toBeNull();
    // Not moved behind other work: due at once for a dispatcher with room for it.
    const busy = await store.claimDue({ ...lease('d2'), excludeSubscriptionIds: [] });
    expect(busy?.subscriptionId).toBe('sub_busy');
    const stored = await db.deliveries.listForEvent(workspaceId, eventId);
    expect(stored.map((d) => [d.subscriptionId, d.attempts])).toEqual([
      ['sub_busy', 1],
      ['sub_idle', 1],
    ]);
  });

  it('numbers an attempt after those on record, and a released claim counts for nothing', async () => {
    const eventId = await eventWithDeliveries(['sub_a']);
    const first = await store.claimDue({ ...lease(), excludeSubscriptionIds: [] });
    if (!first) throw new Error('nothing claimed');
    expect(first.attempt).toBe(1);
    expect(await store.release(first, now)).toBe(true);
    expect((await db.deliveries.listForEvent(workspaceId, eventId))[0]).toMatchObject({
      attempts: 0,
      leaseOwner: null,
      log: [],
    });
    const second = await store.claimDue({ ...lease(), excludeSubscriptionIds: [] });
    expect(second?.attempt).toBe(1);
  });

  it('stores the attempt, its response body and the failure reason with the outcome', async () => {
    const eventId = await eventWithDeliveries(['sub_a']);
    const claim = await store.claimDue({ ...lease(), excludeSubscriptionIds: [] });
    if (!claim) throw new Error('nothing claimed');
    const attempt = {
      attempt: 1,
      startedAt: now,
      durationMs: 5,
      statusCode: 410,
      responseBody: 'gone for good',
      error: null,
    };
    expect(await store.markFailed(claim, attempt, 'gone', now)).toBe(true);
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
    const attempt = (n: number, statusCode: number) => ({
      attempt: n,
      startedAt: now,
      durationMs: 5,
      statusCode,
      responseBody: null,
      error: null,
    });
    const retryAt = new Date(T0.getTime() + 5_000);
    const first = await store.claimDue({ ...lease(), excludeSubscriptionIds: [] });
    if (!first) throw new Error('nothing claimed');
    expect(await store.scheduleRetry(first, attempt(1, 500), retryAt)).toBe(true);
    expect((await db.webhookSubscriptions.get(workspaceId, subscription.id))?.health).toMatchObject({
      consecutiveFailures: 1,
      lastSuccessAt: null,
    });
    now = retryAt;
    const second = await store.claimDue({ ...lease(), excludeSubscriptionIds: [] });
    if (!second) throw new Error('nothing claimed');
    expect(await store.markDelivered(second, attempt(2, 200), now)).toBe(true);
    const [stored] = await db.deliveries.listForEvent(workspaceId, eventId);
    expect(stored?.log.map((entry) => entry.nextRetryAt)).toEqual([retryAt, null]);
    expect((await db.webhookSubscriptions.get(workspaceId, subscription.id))?.health).toEqual({
      lastSuccessAt: new Date(retryAt.getTime() + 5),
      lastFailureAt: new Date(T0.getTime() + 5),
      consecutiveFailures: 0,
    });
  });

  it('knows the same failure reasons as the data layer', () => {
    expect([...FAILURE_REASONS]).toEqual([...DELIVERY_FAILURE_REASONS]);
  });

  it('reports a lost lease instead of writing', async () => {
    await eventWithDeliveries(['sub_a']);
    const claim = await store.claimDue({ ...lease('d1'), excludeSubscriptionIds: [] });
    if (!claim) throw new Error('nothing claimed');
    now = new Date(T0.getTime() + 60_000);
    await store.claimDue({ ...lease('d2'), excludeSubscriptionIds: [] });
    const attempt = {
      attempt: 1,
      startedAt: now,
      durationMs: 5,
      statusCode: 200,
      responseBody: 'ok',
      error: null,
    };
    expect(await store.markDelivered(claim, attempt, now)).toBe(false);
  });

  it('does not hand an event of one workspace to another', async () => {
    const eventId = await eventWithDeliveries(['sub_a']);
    expect(await store.loadEvent(workspaceId, eventId)).toMatchObject({ id: eventId, workspaceId });
    expect(await store.loadEvent(newWorkspaceId(), eventId)).toBeNull();
  });
});
