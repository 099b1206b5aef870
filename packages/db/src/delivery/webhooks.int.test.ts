/** The webhook pipeline's storage: subscriptions, the event outbox, deliveries with leases. */
import { eventId } from '@outreach/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaseLostError } from '../common/db-errors.js';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import { must } from '../testing/must.js';

let t: TestDb;
let ws: WorkspaceId;
const T0 = new Date('2025-03-03T10:00:00Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);
const lease = (owner: string, now = T0) => ({ owner, now, leaseMs: 30_000 });

beforeAll(async () => {
  t = await openTestDb({ clock: () => T0 });
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

describe('subscriptions', () => {
  it('subscribes idempotently per (url, type) and tells whether it created', async () => {
    const input = { url: 'https://hooks.example/a', type: 'message_received' as const };
    const first = await t.db.webhookSubscriptions.subscribe(ws, input);
    expect(first.created).toBe(true);
    expect(first.subscription.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(await t.db.webhookSubscriptions.subscribe(ws, input)).toEqual({
      subscription: first.subscription,
      created: false,
    });
    const racing = await Promise.all(
      [1, 2, 3].map(() => t.db.webhookSubscriptions.subscribe(ws, { ...input, type: 'campaign_completed' })),
    );
    expect(racing.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(racing.map((r) => r.subscription.id)).size).toBe(1);
  });

  it('subscribes whatever unsubscribes of the same pair run alongside, never failing', async () => {
    const input = { url: 'https://hooks.example/contested', type: 'message_received' as const };
    let subscribing = true;
    // Clients removing the pair without pause while others keep subscribing it.
    const unsubscribers = Array.from({ length: 32 }, async () => {
      while (subscribing) await t.db.webhookSubscriptions.unsubscribe(ws, input);
    });
    const subscribers = Array.from({ length: 16 }, async () => {
      const failures: unknown[] = [];
      for (let n = 0; n < 25; n += 1) {
        await t.db.webhookSubscriptions.subscribe(ws, input).catch((error: unknown) => failures.push(error));
      }
      return failures;
    });
    const failures = (await Promise.all(subscribers)).flat();
    subscribing = false;
    await Promise.all(unsubscribers);
    expect(failures).toEqual([]);
  });

  it('lists, finds by type, unsubscribes and removes', async () => {
    const own = await newWorkspace(t.db);
    const a = await t.db.webhookSubscriptions.subscribe(own, {
      url: 'https://a.example',
      type: 'lead_tagged_interested',
    });
    await t.db.webhookSubscriptions.subscribe(own, {
      url: 'https://b.example',
      type: 'lead_tagged_interested',
    });
    const c = await t.db.webhookSubscriptions.subscribe(own, {
      url: 'https://a.example',
      type: 'campaign_completed',
    });
    expect((await t.db.webhookSubscriptions.list(own)).map((s) => s.url)).toEqual([
      'https://a.example',
      'https://b.example',
      'https://a.example',
    ]);
    expect(
      (await t.db.webhookSubscriptions.listByType(own, 'lead_tagged_interested')).map((s) => s.url).sort(),
    ).toEqual(['https://a.example', 'https://b.example']);
    expect(
      await t.db.webhookSubscriptions.unsubscribe(own, {
        url: 'https://b.example',
        type: 'lead_tagged_interested',
      }),
    ).toBe(true);
    expect(
      await t.db.webhookSubscriptions.unsubscribe(own, {
        url: 'https://b.example',
        type: 'lead_tagged_interested',
      }),
    ).toBe(false);
    expect(await t.db.webhookSubscriptions.remove(own, c.subscription.id)).toBe(true);
    expect((await t.db.webhookSubscriptions.list(own)).map((s) => s.id)).toEqual([a.subscription.id]);
  });
});

describe('events', () => {
  it('stores a transition once under its deterministic id', async () => {
    const input = {
      type: 'campaign_completed' as const,
      transitionKey: 'cmp_1:1',
      data: { campaignId: 'cmp_1', totalLeads: 3 },
      timestamp: T0,
    };
    const first = await t.db.events.insert(ws, input);
    expect(first).toEqual({
      created: true,
      event: {
        id: eventId('campaign_completed', 'cmp_1:1'),
        type: 'campaign_completed',
        timestamp: T0,
        workspaceId: ws,
        data: input.data,
      },
    });
    const again = await t.db.events.insert(ws, { ...input, data: { other: true }, timestamp: at(5) });
    expect(again).toEqual({ created: false, event: first.event });
  });

  it('lists the latest of a type, newest first, at most three by default', async () => {
    const own = await newWorkspace(t.db);
    for (let n = 0; n < 5; n += 1) {
      await t.db.events.insert(own, {
        type: 'message_received',
        transitionKey: `msg_${n}`,
        data: { n },
        timestamp: at(n),
      });
    }
    await t.db.events.insert(own, {
      type: 'campaign_completed',
      transitionKey: 'cmp_x:1',
      data: {},
      timestamp: at(10),
    });
    expect((await t.db.events.listRecentByType(own, 'message_received')).map((e) => e.data['n'])).toEqual([
      4, 3, 2,
    ]);
  });

  it('hands each new event to one dispatcher for fan-out, then never again', async () => {
    const own = await newWorkspace(t.db);
    const { event } = await t.db.events.insert(own, {
      type: 'lead_meeting_booked',
      transitionKey: 'led_1:meeting',
      data: {},
      timestamp: T0,
    });
    const drain = async (owner: string, now: Date) => {
      const ids: string[] = [];
      for (
        let e = await t.db.events.claimForFanOutAcrossWorkspaces(lease(owner, now));
        e;
        e = await t.db.events.claimForFanOutAcrossWorkspaces(lease(owner, now))
      ) {
        ids.push(e.id);
      }
      return ids;
    };
    const [d1, d2] = await Promise.all([drain('d1', T0), drain('d2', T0)]);
    expect([...d1, ...d2].filter((id) => id === event.id)).toHaveLength(1);
    const owner = d1.includes(event.id) ? 'd1' : 'd2';
    expect(await t.db.events.markFannedOut(own, event.id, 'someone-else')).toBe(false);
    expect(await t.db.events.markFannedOut(own, event.id, owner)).toBe(true);
    const later = await drain('d3', at(60));
    expect(later).not.toContain(event.id);
  });
});

describe('deliveries', () => {
  it('creates one delivery per (event, subscription), however often the fan-out runs', async () => {
    const own = await newWorkspace(t.db);
    const subscriptions = [
      { id: 'sub_1', url: 'https://a.example' },
      { id: 'sub_2', url: 'https://b.example' },
    ];
    expect(await t.db.deliveries.createForEvent(own, 'evt_1', subscriptions)).toEqual({ created: 2 });
    expect(
      await t.db.deliveries.createForEvent(own, 'evt_1', [
        ...subscriptions,
        { id: 'sub_3', url: 'https://c.example' },
      ]),
    ).toEqual({
      created: 1,
    });
    expect((await t.db.deliveries.listForEvent(own, 'evt_1')).map((d) => d.subscriptionId)).toEqual([
      'sub_1',
      'sub_2',
      'sub_3',
    ]);
  });

  it('never gives the same delivery to two dispatchers claiming in parallel', async () => {
    const own = await newWorkspace(t.db);
    const subscriptions = Array.from({ length: 20 }, (_, n) => ({
      id: `sub_p${n}`,
      url: `https://${n}.example`,
    }));
    await t.db.deliveries.createForEvent(own, 'evt_parallel', subscriptions);
    const claimAll = async (owner: string) => {
      const ids: string[] = [];
      for (
        let d = await t.db.deliveries.claimDueAcrossWorkspaces(lease(owner));
        d;
        d = await t.db.deliveries.claimDueAcrossWorkspaces(lease(owner))
      ) {
        ids.push(d.id);
      }
      return ids;
    };
    const [a, b] = await Promise.all([claimAll('d1'), claimAll('d2')]);
    const all = [...a, ...b];
    expect(new Set(all).size).toBe(all.length);
    const ours = await t.db.deliveries.listForEvent(own, 'evt_parallel');
    expect(ours.every((d) => all.includes(d.id) && d.attempts === 1)).toBe(true);
  });

  it('logs attempts, reschedules, and ends delivered or failed, all under the lease', async () => {
    const own = await newWorkspace(t.db);
    await t.db.deliveries.createForEvent(own, 'evt_life', [{ id: 'sub_life', url: 'https://life.example' }]);
    const drain = async (owner: string, now: Date) => {
      for (
        let d = await t.db.deliveries.claimDueAcrossWorkspaces(lease(owner, now));
        d;
        d = await t.db.deliveries.claimDueAcrossWorkspaces(lease(owner, now))
      ) {
        if (d.eventId === 'evt_life') return d;
        await t.db.deliveries.markFailed(d.workspaceId, d.id, owner, now);
      }
      return null;
    };
    const first = must(await drain('d1', at(1)));
    await t.db.deliveries.recordAttempt(own, first.id, 'd1', {
      attempt: 1,
      at: at(1),
      statusCode: 503,
      error: null,
      durationMs: 12,
    });
    const rescheduled = await t.db.deliveries.reschedule(own, first.id, 'd1', at(6));
    expect(rescheduled).toMatchObject({ status: 'pending', nextAttemptAt: at(6), leaseOwner: null });
    expect(await drain('d2', at(5))).toBeNull();
    const second = must(await drain('d2', at(6)));
    expect(second.attempts).toBe(2);
    await expect(t.db.deliveries.markDelivered(own, second.id, 'd1', at(7))).rejects.toBeInstanceOf(
      LeaseLostError,
    );
    await t.db.deliveries.recordAttempt(own, second.id, 'd2', {
      attempt: 2,
      at: at(7),
      statusCode: 200,
      error: null,
      durationMs: 8,
    });
    const delivered = await t.db.deliveries.markDelivered(own, second.id, 'd2', at(7));
    expect(delivered).toMatchObject({ status: 'delivered', deliveredAt: at(7), nextAttemptAt: null });
    expect(delivered.log.map((entry) => entry.statusCode)).toEqual([503, 200]);
    expect(await drain('d3', at(100_000))).toBeNull();
  });
});
