/**
 * What the data layer keeps and reads for metrics and traces: the `traceparent` of the request
 * that started a campaign and of the work that wrote an event (never delivered, absent when not
 * traced), and the bounded counts behind the runner's and the dispatcher's gauges.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../common/public-ids.js';
import { deliverySchema } from '../delivery/delivery.schema.js';
import { leadSchema } from '../lead/lead.schema.js';
import { senderAccountSchema } from '../sender-account/sender-account.schema.js';
import { newWorkspace, seedCampaign, step } from '../testing/fixtures.js';
import { servingIndex } from '../testing/index-coverage.js';
import { must } from '../testing/must.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';

let t: TestDb;
let ws: WorkspaceId;

beforeAll(async () => {
  t = await openTestDb();
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

describe('traceparents', () => {
  it('keeps the traceparent of the start, only when starting, and the last start’s', async () => {
    const { campaign } = await seedCampaign(t.db, ws, { steps: [step('visit_profile')], leads: 1 });
    expect(campaign.startTraceparent).toBeNull();
    const started = await t.db.campaigns.transitionStatus(ws, campaign.id, {
      from: ['draft'],
      to: 'active',
      traceparent: TRACEPARENT,
    });
    expect(started.startTraceparent).toBe(TRACEPARENT);
    expect(must(await t.db.campaigns.get(ws, campaign.id)).startTraceparent).toBe(TRACEPARENT);
    // A pause keeps it; an untraced restart keeps the last one known.
    await t.db.campaigns.transitionStatus(ws, campaign.id, {
      from: ['active'],
      to: 'paused',
      traceparent: 'ignored',
    });
    await t.db.campaigns.transitionStatus(ws, campaign.id, { from: ['paused'], to: 'active' });
    expect(must(await t.db.campaigns.get(ws, campaign.id)).startTraceparent).toBe(TRACEPARENT);
  });

  it('keeps the traceparent of the work that wrote an event, and none without one', async () => {
    const traced = await t.db.events.insert(ws, {
      type: 'campaign_completed',
      transitionKey: 'traced:1',
      data: {},
      timestamp: new Date(),
      traceparent: TRACEPARENT,
    });
    const plain = await t.db.events.insert(ws, {
      type: 'campaign_completed',
      transitionKey: 'plain:1',
      data: {},
      timestamp: new Date(),
    });
    expect(traced.event.traceparent).toBe(TRACEPARENT);
    expect(must(await t.db.events.get(ws, traced.event.id)).traceparent).toBe(TRACEPARENT);
    expect(must(await t.db.events.get(ws, plain.event.id))).not.toHaveProperty('traceparent');
  });
});

describe('gauge reads', () => {
  it('are each served by an index: scrapes must stay cheap however large the collections grow', () => {
    expect(servingIndex(leadSchema, { equality: ['workspaceId', 'campaignId'], range: 'nextActionAt' })).toBe(
      'workspaceId_campaignId_nextActionAt',
    );
    expect(servingIndex(senderAccountSchema, { equality: ['status'] })).toBe('status__id');
    expect(
      servingIndex(deliverySchema, { equality: [], range: 'nextAttemptAt', sort: ['nextAttemptAt'] }),
    ).toBe('nextAttemptAt');
  });

  it('counts a campaign’s due leads up to a limit, leaving out those due later', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, {
      steps: [step('visit_profile')],
      leads: 5,
      status: 'active',
    });
    const now = new Date(Date.now() + 1_000);
    expect(await t.db.leadLeases.countDue(ws, campaign.id, now, 100)).toBe(5);
    expect(await t.db.leadLeases.countDue(ws, campaign.id, now, 3)).toBe(3);
    expect(await t.db.leadLeases.countDue(ws, campaign.id, new Date(0), 100)).toBe(0);
    expect(leads).toHaveLength(5);
  });

  it('counts sender accounts by status across workspaces', async () => {
    const before = await t.db.senderAccounts.countByStatusAcrossWorkspaces();
    const other = await newWorkspace(t.db);
    await t.db.senderAccounts.create(other, { name: 'A', publicIdentifier: 'gauge-a' });
    await t.db.senderAccounts.create(ws, { name: 'B', publicIdentifier: 'gauge-b' });
    const after = await t.db.senderAccounts.countByStatusAcrossWorkspaces();
    expect(Object.keys(after).sort()).toEqual(['connected', 'disconnected', 'restricted']);
    const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    expect(total(after) - total(before)).toBe(2);
  });

  it('reads the pending deliveries’ count and the most overdue due time', async () => {
    expect(await t.db.deliveries.pendingBacklogAcrossWorkspaces(100)).toEqual({
      pending: 0,
      oldestDueAt: null,
    });
    const subscription = await t.db.webhookSubscriptions.subscribe(ws, {
      url: 'https://hooks.example/a',
      type: 'campaign_completed',
    });
    const events = await Promise.all(
      ['d:1', 'd:2'].map((transitionKey) =>
        t.db.events.insert(ws, {
          type: 'campaign_completed',
          transitionKey,
          data: {},
          timestamp: new Date(),
        }),
      ),
    );
    for (const { event } of events)
      await t.db.deliveries.createForEvent(ws, event.id, [
        { id: subscription.subscription.id, url: 'https://hooks.example/a' },
      ]);
    const backlog = await t.db.deliveries.pendingBacklogAcrossWorkspaces(100);
    expect(backlog.pending).toBe(2);
    expect(backlog.oldestDueAt).toBeInstanceOf(Date);
    expect((await t.db.deliveries.pendingBacklogAcrossWorkspaces(1)).pending).toBe(1);
  });
});
