/**
 * De-risks analytics read from daily roll-ups: over any window (whole UTC days, part-days at
 * either end, bounds given with offsets, no whole day at all), for a campaign or a workspace's
 * campaigns, with or without a sender filter, they answer exactly what the aggregation over the
 * raw actions answers; the series comes from the roll-ups; a campaign whose actions were written
 * before the roll-ups is counted from its actions until the drift check has built them.
 */
import type { ActionType } from '@outreach/domain';
import type { mongo } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyticsQuery } from '../action/action.repository.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import { newWorkspace, seedCampaign, step } from '../testing/fixtures.js';
import { must } from '../testing/must.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
let ws: WorkspaceId;
let keys = 0;

beforeAll(async () => {
  t = await openTestDb();
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

const TYPES: ActionType[] = [
  'invitation_sent',
  'invitation_accepted',
  'message_sent',
  'inmail_sent',
  'profile_visited',
  'reply_received',
];

/** A campaign with two variants of a message step, and actions spread over six days at all hours. */
async function busyCampaign() {
  const message = step('message');
  const variants = [0, 1].map((order) => ({ ...must(message.variants?.[0]), id: newId('variant'), order }));
  const { campaign, leads } = await seedCampaign(t.db, ws, {
    steps: [step('invitation'), { ...message, variants }],
    leads: 12,
  });
  const [invite, send] = campaign.steps.map((s) => s.id);
  for (const [n, lead] of leads.entries()) {
    for (let k = 0; k < 6; k += 1) {
      const type = TYPES[(n + k) % TYPES.length] as ActionType;
      const messageLike = type === 'message_sent' || type === 'inmail_sent' || type === 'reply_received';
      keys += 1;
      await t.db.actions.record(ws, {
        campaignId: campaign.id,
        leadId: lead.id,
        type,
        idempotencyKey: `busy-${keys}`,
        // Days 1 to 6 of June, at hours that cross midnight and the day's edges.
        occurredAt: new Date(Date.UTC(2025, 5, 1 + ((n + k) % 6), (n * 5 + k * 7) % 24, (n * 13) % 60)),
        accountId: n % 3 === 0 ? null : `acc_${n % 2}`,
        stepId: messageLike ? (send ?? null) : type === 'invitation_sent' ? (invite ?? null) : null,
        variantId: messageLike ? (variants[n % 2]?.id ?? null) : null,
      });
    }
  }
  return campaign;
}

async function expectSameBothWays(query: AnalyticsQuery) {
  const fromRollups = await t.db.actions.analytics(ws, query);
  expect(fromRollups).toEqual(await t.db.actions.analyticsFromActions(ws, query));
  return fromRollups;
}

describe('analytics from daily roll-ups', () => {
  it('answer exactly as the raw aggregation over any window, campaign or workspace, by sender', async () => {
    const campaign = await busyCampaign();
    const other = await busyCampaign();
    const windows = [
      { from: new Date('2025-06-02T00:00:00Z'), to: new Date('2025-06-05T00:00:00Z') },
      { from: new Date('2025-06-01T13:45:00Z'), to: new Date('2025-06-06T07:10:00Z') },
      // Bounds given in other timezones: the days stay UTC days, as the series' dates.
      { from: new Date('2025-06-02T01:30:00+02:00'), to: new Date('2025-06-04T23:00:00-05:00') },
      { from: new Date('2025-05-20T00:00:00Z'), to: new Date('2025-07-01T00:00:00Z') },
      { from: new Date('2025-06-03T02:00:00Z'), to: new Date('2025-06-03T20:00:00Z') },
      { from: new Date('2025-06-03T12:00:00Z'), to: new Date('2025-06-04T12:00:00Z') },
    ];
    for (const window of windows) {
      const answer = await expectSameBothWays({ ...window, campaignId: campaign.id });
      await expectSameBothWays({ ...window, campaignIds: [campaign.id, other.id] });
      await expectSameBothWays({ ...window, campaignIds: [campaign.id, other.id], accountId: 'acc_1' });
      expect(answer.perDay.length).toBeGreaterThan(0);
    }
  });

  it('reads the series of whole days from the roll-ups, which the drift check rebuilds from the actions', async () => {
    const campaign = await busyCampaign();
    const window = {
      from: new Date('2025-06-01T00:00:00Z'),
      to: new Date('2025-06-07T00:00:00Z'),
      campaignId: campaign.id,
    };
    // An action removed behind the data layer's back: the roll-ups still count it.
    const removed = must(
      await t.raw('actions').findOne({
        campaignId: campaign.id,
        occurredAt: { $gte: new Date('2025-06-03T00:00:00Z'), $lt: new Date('2025-06-04T00:00:00Z') },
      }),
    );
    await t.raw('actions').deleteOne({ _id: removed['_id'] as mongo.ObjectId });
    const day = (answer: {
      perDay: Array<{
        date: string;
        invitationsSent: number;
        messagesSent: number;
        repliesReceived: number;
        profileVisits: number;
        invitationsAccepted: number;
      }>;
    }) => answer.perDay.find((d) => d.date === '2025-06-03');
    const rolled = day(await t.db.actions.analytics(ws, window));
    const raw = day(await t.db.actions.analyticsFromActions(ws, window));
    expect(rolled).not.toEqual(raw);

    const drift = await t.db.campaignCounters.rebuild(ws, campaign.id);
    // Its day, and a later day of its lead's whose histogram entry named it as the previous one.
    expect(drift.rollupDays[0]).toBe('2025-06-03');
    await expectSameBothWays(window);
  });

  it('counts a campaign whose actions predate the roll-ups from its actions until the drift check builds them', async () => {
    const campaign = await busyCampaign();
    const window = {
      from: new Date('2025-06-01T00:00:00Z'),
      to: new Date('2025-06-07T00:00:00Z'),
      campaignId: campaign.id,
    };
    await t.raw('daily_rollups').deleteMany({ campaignId: campaign.id });
    await t
      .raw('campaigns')
      .updateOne(
        { _id: campaign.id as unknown as mongo.ObjectId },
        { $unset: { rollupsVersion: 1, countersCheckedAt: 1 } },
      );
    await expectSameBothWays(window);

    const checks = await t.db.campaignCounters.checkOldestAcrossWorkspaces({ limit: 1 });
    expect(checks).toEqual([expect.objectContaining({ campaignId: campaign.id, rollupDays: [] })]);
    expect(await t.raw('daily_rollups').countDocuments({ campaignId: campaign.id })).toBe(6);
    await expectSameBothWays(window);
  });
});
