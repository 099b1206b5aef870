/**
 * The dispatcher's batch calls: a fan-out of many events in a fixed number of round trips, claims
 * of many due deliveries that keep to the claimer's limits and never hand one delivery to two
 * claimers, and settlements written in one bulk write that still tell a lost lease per delivery.
 */
import { mongo } from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import type { DeliverySettlement } from './delivery-batch-settle.js';
import type { Delivery } from './delivery.entity.js';

let t: TestDb;
let ws: WorkspaceId;
let other: WorkspaceId;
const T0 = new Date('2025-03-03T10:00:00Z');
const lease = (owner: string, now = T0) => ({ owner, now, leaseMs: 30_000 });
const sub = (id: string) => ({ id, url: `https://${id}.example` });

beforeAll(async () => {
  t = await openTestDb({ clock: () => T0 });
  ws = await newWorkspace(t.db);
  other = await newWorkspace(t.db);
});
// Claims span the whole collection, so each test starts without anyone else's work.
beforeEach(async () => {
  await t.raw('deliveries').deleteMany({});
  await t.raw('events').deleteMany({});
});
afterAll(() => t.db.close());

describe('fan-out in batches', () => {
  it('creates the deliveries of many events of several workspaces in one insert, each pair once', async () => {
    const created = await t.db.deliveries.createManyAcrossWorkspaces([
      { workspaceId: ws, eventId: 'evt_1', subscription: sub('sub_a') },
      { workspaceId: ws, eventId: 'evt_2', subscription: sub('sub_a') },
      { workspaceId: other, eventId: 'evt_3', subscription: sub('sub_b') },
    ]);
    expect(created).toEqual({ created: 3 });
    const again = await t.db.deliveries.createManyAcrossWorkspaces([
      { workspaceId: ws, eventId: 'evt_1', subscription: sub('sub_a') },
      { workspaceId: ws, eventId: 'evt_1', subscription: sub('sub_c') },
    ]);
    expect(again).toEqual({ created: 1 });
    expect((await t.db.deliveries.listForEvent(other, 'evt_3')).map((d) => d.subscriptionId)).toEqual([
      'sub_b',
    ]);
  });

  it('leases a batch of events to one claimer at a time and marks only what it holds', async () => {
    const inserted: string[] = [];
    for (const key of ['a', 'b', 'c', 'd']) {
      const { event } = await t.db.events.insert(key === 'd' ? other : ws, {
        type: 'message_received',
        transitionKey: key,
        data: {},
        timestamp: T0,
      });
      inserted.push(event.id);
    }
    const [first, second] = await Promise.all([
      t.db.events.claimBatchForFanOutAcrossWorkspaces(lease('d1'), 3),
      t.db.events.claimBatchForFanOutAcrossWorkspaces(lease('d2'), 3),
    ]);
    const ids = [...first, ...second].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(await t.db.events.markManyFannedOutAcrossWorkspaces(first, 'd2')).toBe(0);
    expect(await t.db.events.markManyFannedOutAcrossWorkspaces(first, 'd1')).toBe(first.length);
    // Marked events leave the queue for good; the others are free again once their lease ends.
    const afterLeases = lease('d3', new Date(T0.getTime() + 30_000));
    const later = await t.db.events.claimBatchForFanOutAcrossWorkspaces(afterLeases, 10);
    const fannedOut = new Set(first.map((e) => e.id));
    expect(later.map((e) => e.id).sort()).toEqual(inserted.filter((id) => !fannedOut.has(id)).sort());
  });

  it('reads the subscriptions of several (workspace, type) pairs at once, no other', async () => {
    const a = await t.db.webhookSubscriptions.subscribe(ws, {
      url: 'https://a.example',
      type: 'message_received',
    });
    await t.db.webhookSubscriptions.subscribe(ws, { url: 'https://b.example', type: 'campaign_completed' });
    const c = await t.db.webhookSubscriptions.subscribe(other, {
      url: 'https://c.example',
      type: 'campaign_completed',
    });
    const found = await t.db.webhookSubscriptions.listByTypesAcrossWorkspaces([
      { workspaceId: ws, type: 'message_received' },
      { workspaceId: other, type: 'campaign_completed' },
    ]);
    expect(found.map((s) => s.id).sort()).toEqual([a.subscription.id, c.subscription.id].sort());
    // An id asked for under the wrong workspace is not handed out.
    expect(
      await t.db.webhookSubscriptions.getManyAcrossWorkspaces([{ workspaceId: ws, id: c.subscription.id }]),
    ).toEqual([]);
  });
});

describe('claiming in batches', () => {
  async function dueDeliveries(perSubscription: Record<string, number>): Promise<void> {
    let n = 0;
    for (const [subscriptionId, count] of Object.entries(perSubscription)) {
      for (let i = 0; i < count; i += 1) {
        n += 1;
        await t.db.deliveries.createForEvent(ws, `evt_${n}`, [sub(subscriptionId)]);
      }
    }
  }

  it('takes at most the limit, and no more of a subscription than its room', async () => {
    await dueDeliveries({ sub_busy: 4, sub_idle: 4 });
    const first = await t.db.deliveries.claimDueBatchAcrossWorkspaces(lease('d1'), {
      limit: 5,
      perSubscriptionLimit: 3,
      heldBySubscription: new Map([['sub_busy', 2]]),
    });
    expect(first.leaseToken).toMatch(/^[0-9a-f]{24}$/);
    const count = (deliveries: Delivery[], id: string) =>
      deliveries.filter((d) => d.subscriptionId === id).length;
    expect(count(first.deliveries, 'sub_busy')).toBe(1);
    expect(first.deliveries.length).toBeLessThanOrEqual(5);
    expect(first.deliveries.every((d) => d.attempts === 1 && d.leaseOwner === 'd1')).toBe(true);
    // With its busy subscription now at the limit, the claimer's next claim takes the others.
    const next = await t.db.deliveries.claimDueBatchAcrossWorkspaces(lease('d1'), {
      limit: 5 - first.deliveries.length,
      perSubscriptionLimit: 3,
      heldBySubscription: new Map([
        ['sub_busy', 3],
        ['sub_idle', count(first.deliveries, 'sub_idle')],
      ]),
    });
    const all = [...first.deliveries, ...next.deliveries];
    expect(count(all, 'sub_busy')).toBe(1);
    expect(count(all, 'sub_idle')).toBe(3);
  });

  it('leaves a subscription at its limit untouched', async () => {
    await dueDeliveries({ sub_busy: 2 });
    const claimed = await t.db.deliveries.claimDueBatchAcrossWorkspaces(lease('d1'), {
      limit: 5,
      perSubscriptionLimit: 1,
      heldBySubscription: new Map([['sub_busy', 1]]),
    });
    expect(claimed.deliveries).toEqual([]);
    const stored = await t.db.deliveries.listForSubscription(ws, 'sub_busy');
    expect(stored.items.every((d) => d.attempts === 0 && d.leaseOwner === null)).toBe(true);
  });

  it('never hands one delivery to two claimers claiming at once', async () => {
    await dueDeliveries({ sub_a: 5, sub_b: 5, sub_c: 5 });
    const batches = await Promise.all(
      ['d1', 'd2', 'd3', 'd4'].map((owner) =>
        t.db.deliveries.claimDueBatchAcrossWorkspaces(lease(owner), { limit: 6 }),
      ),
    );
    const ids = batches.flatMap((b) => b.deliveries.map((d) => d.id));
    expect(new Set(ids).size).toBe(ids.length);
    expect(batches.every((b) => b.deliveries.length <= 6)).toBe(true);
  });
});

describe('settling in batches', () => {
  it('writes every settlement of a batch, and reports a lost lease for that delivery alone', async () => {
    await t.db.deliveries.createForEvent(ws, 'evt_s1', [sub('sub_a'), sub('sub_b'), sub('sub_c')]);
    const { deliveries, leaseToken } = await t.db.deliveries.claimDueBatchAcrossWorkspaces(lease('d1'), {
      limit: 3,
    });
    const [lost, retried, failed] = deliveries;
    if (!lost || !retried || !failed) throw new Error('expected three claims');
    // d1's leases expire; d2 takes one of them over.
    const later = new Date(T0.getTime() + 30_000);
    await t
      .raw('deliveries')
      .updateMany({ _id: { $in: [retried.id, failed.id] } } as Record<string, unknown>, {
        $set: { leaseUntil: new Date(T0.getTime() + 60_000) },
      });
    const takeover = await t.db.deliveries.claimDueBatchAcrossWorkspaces(lease('d2', later), { limit: 3 });
    expect(takeover.deliveries.map((d) => d.id)).toEqual([lost.id]);

    const settlement = (id: string, outcome: DeliverySettlement['outcome']): DeliverySettlement => ({
      workspaceId: ws,
      id,
      owner: 'd1',
      leaseToken,
      attempt: { attempt: 1, at: T0, statusCode: 500, responseBody: 'no', error: null, durationMs: 3 },
      outcome,
    });
    const written = await t.db.deliveries.settleManyAcrossWorkspaces([
      settlement(lost.id, { status: 'delivered', at: later }),
      settlement(retried.id, { status: 'pending', nextAttemptAt: later }),
      settlement(failed.id, { status: 'failed', at: later, reason: 'attempts_exhausted' }),
    ]);
    expect(written).toEqual([false, true, true]);
    expect(await t.db.deliveries.get(ws, lost.id)).toMatchObject({
      status: 'pending',
      leaseOwner: 'd2',
      log: [],
    });
    expect(await t.db.deliveries.get(ws, retried.id)).toMatchObject({
      status: 'pending',
      leaseOwner: null,
      nextAttemptAt: later,
      log: [expect.objectContaining({ statusCode: 500, nextRetryAt: later })],
    });
    expect(await t.db.deliveries.get(ws, failed.id)).toMatchObject({
      status: 'failed',
      failureReason: 'attempts_exhausted',
    });
    // A settlement presented twice, or under another workspace, writes nothing.
    expect(
      await t.db.deliveries.settleManyAcrossWorkspaces([
        settlement(retried.id, { status: 'delivered', at: later }),
        { ...settlement(failed.id, { status: 'delivered', at: later }), workspaceId: other },
      ]),
    ).toEqual([false, false]);
  });

  it('sends a settlement once more after a lost answer, and writes each attempt once', async () => {
    await t.db.deliveries.createForEvent(ws, 'evt_n1', [sub('sub_a'), sub('sub_b')]);
    const { deliveries, leaseToken } = await t.db.deliveries.claimDueBatchAcrossWorkspaces(lease('d1'), {
      limit: 2,
    });
    const database = t.connection.db;
    if (database === undefined) throw new Error('not connected');
    const command = database.command.bind(database);
    // The first command is applied, then its answer is lost on the network.
    const lost = vi.spyOn(database, 'command').mockImplementationOnce(async (...args) => {
      await command(...args);
      throw new mongo.MongoNetworkError('connection reset');
    });
    const written = await t.db.deliveries.settleManyAcrossWorkspaces(
      deliveries.map((d) => ({
        workspaceId: ws,
        id: d.id,
        owner: 'd1',
        leaseToken,
        attempt: { attempt: 1, at: T0, statusCode: 200, responseBody: 'ok', error: null, durationMs: 3 },
        outcome: { status: 'delivered' as const, at: T0 },
      })),
    );
    lost.mockRestore();
    expect(written).toEqual([true, true]);
    for (const d of deliveries) {
      expect(await t.db.deliveries.get(ws, d.id)).toMatchObject({
        status: 'delivered',
        log: [{ attempt: 1 }],
      });
    }
  });

  it('fails a settlement command the server answers with write errors', async () => {
    await t.db.deliveries.createForEvent(ws, 'evt_w1', [sub('sub_a')]);
    const { deliveries, leaseToken } = await t.db.deliveries.claimDueBatchAcrossWorkspaces(lease('d1'), {
      limit: 1,
    });
    const database = t.connection.db;
    if (database === undefined) throw new Error('not connected');
    const refused = vi
      .spyOn(database, 'command')
      .mockResolvedValueOnce({ ok: 1, n: 0, writeErrors: [{ index: 0, code: 2, errmsg: 'bad update' }] });
    const settling = t.db.deliveries.settleManyAcrossWorkspaces(
      deliveries.map((d) => ({
        workspaceId: ws,
        id: d.id,
        owner: 'd1',
        leaseToken,
        attempt: null,
        outcome: { status: 'released' as const, nextAttemptAt: T0 },
      })),
    );
    await expect(settling).rejects.toMatchObject({ code: 2, message: 'bad update' });
    refused.mockRestore();
  });

  it('hands a claim back uncounted', async () => {
    await t.db.deliveries.createForEvent(ws, 'evt_r1', [sub('sub_a')]);
    const { deliveries, leaseToken } = await t.db.deliveries.claimDueBatchAcrossWorkspaces(lease('d1'), {
      limit: 1,
    });
    const [claimed] = deliveries;
    if (!claimed) throw new Error('nothing claimed');
    const written = await t.db.deliveries.settleManyAcrossWorkspaces([
      {
        workspaceId: ws,
        id: claimed.id,
        owner: 'd1',
        leaseToken,
        attempt: null,
        outcome: { status: 'released', nextAttemptAt: T0 },
      },
    ]);
    expect(written).toEqual([true]);
    expect(await t.db.deliveries.get(ws, claimed.id)).toMatchObject({
      attempts: 0,
      leaseOwner: null,
      log: [],
    });
  });
});
