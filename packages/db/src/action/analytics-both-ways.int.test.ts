/**
 * De-risks answering analytics' distinct-lead figures from the daily roll-ups: on random action
 * logs (several leads, steps, variants and senders, recorded out of order and several at once,
 * messages and replies on one day in either order), every window (whole UTC days, any instants,
 * less than a day) gives the same totals, steps, variants and series from the roll-ups as from the
 * raw actions, for a campaign, for several, and for one sender; and the drift check brings
 * campaigns whose actions predate the histograms (or all roll-ups) to the same answers.
 */
import type { mongo } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnalyticsQuery, NewAction } from './action.repository.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { must } from '../testing/must.js';
import {
  ACCOUNTS,
  campaignForRandomActions,
  randomActions,
  randomWindow,
  START,
} from '../testing/random-actions.js';
import { seededRandom } from '../testing/seeded-random.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
let ws: WorkspaceId;

beforeAll(async () => {
  t = await openTestDb();
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

/** Records actions four at a time (two of one lead may race), in the order given. */
async function record(actions: readonly NewAction[]) {
  for (let start = 0; start < actions.length; start += 4)
    await Promise.all(actions.slice(start, start + 4).map((action) => t.db.actions.record(ws, action)));
}

/** Whether a window holds a whole UTC day (else both ways count the raw actions). */
function holdsWholeDay({ from, to }: { from: Date; to: Date }): boolean {
  const day = 86_400_000;
  return Math.floor(to.getTime() / day) * day > Math.ceil(from.getTime() / day) * day;
}

/** Both ways on the same data; answers whether the roll-ups answered (no fallback to the actions). */
async function expectSameBothWays(query: AnalyticsQuery): Promise<boolean> {
  const fallback = vi.spyOn(t.db.actions, 'analyticsFromActions');
  const answer = await t.db.actions.analytics(ws, query);
  const fromRollups = fallback.mock.calls.length === 0;
  fallback.mockRestore();
  const raw = await t.db.actions.analyticsFromActions(ws, query);
  expect(answer, JSON.stringify(query)).toEqual(raw);
  expect(await t.db.actions.analyticsTotals(ws, query)).toEqual({ totals: raw.totals, perDay: raw.perDay });
  return fromRollups;
}

async function expectSameOverWindows(random: () => number, campaignIds: string[], windows: number) {
  for (let n = 0; n < windows; n += 1) {
    const window = randomWindow(random);
    const [first] = campaignIds;
    const alone = await expectSameBothWays({ ...window, campaignId: must(first) });
    await expectSameBothWays({ ...window, campaignIds });
    await expectSameBothWays({ ...window, campaignIds, accountId: must(ACCOUNTS[n % ACCOUNTS.length]) });
    expect(alone).toBe(holdsWholeDay(window));
  }
}

async function unsetRaw(collection: string, filter: mongo.Filter<mongo.Document>, fields: string[]) {
  await t
    .raw(collection)
    .updateMany(filter, { $unset: Object.fromEntries(fields.map((field) => [field, 1])) });
}

describe('analytics from the roll-ups and from the actions, on random data', () => {
  it('agree over any window, for a campaign, several campaigns and one sender', async () => {
    for (const seed of [11, 23, 37]) {
      const random = seededRandom(seed);
      const one = await campaignForRandomActions(t.db, ws, 10);
      const two = await campaignForRandomActions(t.db, ws, 6);
      await record([
        ...randomActions(random, one.campaign, one.leadIds, `s${seed}a`),
        ...randomActions(random, two.campaign, two.leadIds, `s${seed}b`),
      ]);
      await expectSameOverWindows(random, [one.campaign.id, two.campaign.id], 10);
    }
  });

  it('count a lead once over a window from its histograms, not per day', async () => {
    const { campaign, leadIds } = await campaignForRandomActions(t.db, ws, 1);
    const [, send] = campaign.steps;
    const lead = must(leadIds[0]);
    const base = { campaignId: campaign.id, leadId: lead, stepId: must(send).id, accountId: 'acc_a' };
    const at = (day: number, hour: number) => new Date(START + day * 86_400_000 + hour * 3_600_000);
    // Recorded backwards: each action arrives before the ones that happened earlier.
    await record([
      { ...base, type: 'reply_received', idempotencyKey: 'once-r2', occurredAt: at(3, 9) },
      { ...base, type: 'message_sent', idempotencyKey: 'once-m2', occurredAt: at(2, 9) },
      { ...base, type: 'reply_received', idempotencyKey: 'once-r1', occurredAt: at(1, 10) },
      { ...base, type: 'message_sent', idempotencyKey: 'once-m1', occurredAt: at(1, 9) },
    ]);
    const window = { from: new Date(START), to: new Date(START + 5 * 86_400_000), campaignId: campaign.id };
    const { totals } = await t.db.actions.analytics(ws, window);
    expect(totals).toMatchObject({
      messagesSent: 2,
      leadsMessaged: 1,
      leadsReplied: 1,
      leadsRespondedToMessages: 1,
    });
    // Read from the roll-ups: an action removed behind the data layer's back still counts there.
    await t.raw('actions').deleteMany({ leadId: lead });
    expect((await t.db.actions.analytics(ws, window)).totals).toEqual(totals);
    expect((await t.db.actions.analyticsFromActions(ws, window)).totals.leadsMessaged).toBe(0);
  });
});

describe('the drift check builds the histograms of older campaigns', () => {
  it('backfills a campaign whose actions were written around the data layer, then keeps it by increments', async () => {
    const random = seededRandom(5);
    const { campaign, leadIds } = await campaignForRandomActions(t.db, ws, 10);
    const [earlier, later] = [
      randomActions(random, campaign, leadIds, 'bulk'),
      randomActions(random, campaign, leadIds, 'late'),
    ];
    await t.raw('actions').insertMany(
      earlier.map((action) => ({
        _id: newId('action'),
        workspaceId: ws,
        accountId: null,
        stepId: null,
        variantId: null,
        ...action,
      })) as unknown as mongo.OptionalId<mongo.Document>[],
    );
    await unsetRaw('campaigns', { _id: campaign.id as unknown as mongo.ObjectId }, [
      'rollupsVersion',
      'countersCheckedAt',
    ]);
    await unsetRaw('campaigns', { _id: campaign.id as unknown as mongo.ObjectId }, ['counters.maintained']);
    const window = {
      from: new Date(START - 86_400_000),
      to: new Date(START + 9 * 86_400_000),
      campaignId: campaign.id,
    };
    expect(await expectSameBothWays(window)).toBe(false);

    const [check] = await t.db.campaignCounters.checkOldestAcrossWorkspaces({ limit: 1 });
    expect(check).toMatchObject({ campaignId: campaign.id, firstCheck: true, rollupDays: [] });
    expect(await expectSameBothWays(window)).toBe(true);
    // Actions recorded after the backfill, many of them on days before others already counted.
    await record(later);
    await expectSameOverWindows(random, [campaign.id], 8);
  });

  it('rebuilds a campaign whose roll-ups and marks predate the histograms, reporting no drift', async () => {
    const random = seededRandom(7);
    const { campaign, leadIds } = await campaignForRandomActions(t.db, ws, 8);
    await record(randomActions(random, campaign, leadIds, 'old'));
    // As the previous layout left them: roll-ups without histograms, marks without days.
    await unsetRaw('daily_rollups', { campaignId: campaign.id }, ['firsts']);
    await unsetRaw('lead_action_marks', { campaignId: campaign.id }, ['days']);
    await unsetRaw('campaigns', { _id: campaign.id as unknown as mongo.ObjectId }, [
      'rollupsVersion',
      'countersCheckedAt',
    ]);
    const window = { from: new Date(START), to: new Date(START + 8 * 86_400_000), campaignId: campaign.id };
    expect(await expectSameBothWays(window)).toBe(false);

    const [check] = await t.db.campaignCounters.checkOldestAcrossWorkspaces({ limit: 1 });
    expect(check).toEqual({
      campaignId: campaign.id,
      workspaceId: ws,
      differences: [],
      firstCheck: false,
      rollupDays: [],
    });
    expect(await expectSameBothWays(window)).toBe(true);
    await record(randomActions(random, campaign, leadIds, 'new'));
    await expectSameOverWindows(random, [campaign.id], 6);
  });
});
