/**
 * The campaign counters follow every write of the data layer that changes what they count (lead
 * imports, deletions, status changes by users, by the runner and by sequence edits, sender picks,
 * actions, in any order), so a recount finds nothing to correct; and the periodic drift check
 * brings campaigns stored before the counters under them.
 */
import type { ActionType } from '@outreach/domain';
import type { mongo } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace, seedCampaign, step } from '../testing/fixtures.js';
import { must } from '../testing/must.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import { DeferredLeadCounts } from './deferred-lead-counts.js';

let t: TestDb;
let ws: WorkspaceId;
const at = (hour: number) => new Date(Date.UTC(2025, 5, 2, hour));
let now = at(0);
let keys = 0;

beforeAll(async () => {
  t = await openTestDb({ clock: () => now });
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

function act(campaignId: string, leadId: string, type: ActionType, hour: number, key = `k${(keys += 1)}`) {
  return t.db.actions.record(ws, { campaignId, leadId, type, idempotencyKey: key, occurredAt: at(hour) });
}

/** A write behind the data layer's back: a campaign as older code left it, a missed increment. */
async function updateRawCampaign(campaignId: string, update: mongo.UpdateFilter<mongo.Document>) {
  await t.raw('campaigns').updateOne({ _id: campaignId as unknown as mongo.ObjectId }, update);
}

async function counters(campaignId: string) {
  return must(await t.db.campaigns.get(ws, campaignId)).counters;
}

describe('campaign counters kept by every writer', () => {
  it('starts a new campaign maintained, at zero', async () => {
    const created = await t.db.campaigns.create(ws, { name: 'fresh' });
    expect(created.counters).toMatchObject({
      maintained: true,
      leads: { waiting: 0, active: 0, paused: 0, completed: 0, error: 0 },
      invitationsSent: 0,
      leadsMessaged: 0,
      senders: {},
    });
  });

  it('ends equal to a recount after imports, runner steps, user changes, edits, deletions and actions', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, {
      steps: [step('invitation'), step('message'), step('message')],
      leads: 5,
      status: 'active',
    });
    const [a, b, c, d, e] = leads.map((lead) => lead.id) as [string, string, string, string, string];
    const lease = { owner: 'runner-1', now: at(1), leaseMs: 60_000 };
    // The runner: a step with a sender picked, a step that stops a lead with an error.
    const claimed = must(await t.db.leadLeases.claimDue(ws, campaign.id, lease));
    await t.db.leadLeases.completeStep(ws, claimed.id, 'runner-1', {
      status: 'active',
      internalStatus: 'queued',
      nextActionAt: at(3),
      accountId: 'acc_one',
    });
    const second = must(await t.db.leadLeases.claimDue(ws, campaign.id, lease));
    await t.db.leadLeases.completeStep(ws, second.id, 'runner-1', {
      advanceBy: 0,
      status: 'error',
      internalStatus: 'network_error',
      nextActionAt: null,
      accountId: 'acc_two',
    });
    // A user, and a network event's conditional change (one that no longer matches changes nothing).
    await t.db.leads.setStatus(ws, c, {
      status: 'paused',
      internalStatus: 'paused_by_user',
      nextActionAt: null,
    });
    await t.db.leads.setStatusIf(
      ws,
      d,
      { status: 'waiting' },
      {
        status: 'completed',
        internalStatus: 'replied',
        nextActionAt: null,
      },
    );
    expect(
      await t.db.leads.setStatusIf(
        ws,
        d,
        { status: 'waiting' },
        {
          status: 'paused',
          internalStatus: 'paused_by_user',
          nextActionAt: null,
        },
      ),
    ).toBeNull();
    // Actions in any order: a reply before the message it answers is recorded, a repeat, a lead
    // that replied without being messaged.
    await act(campaign.id, a, 'invitation_sent', 1);
    await act(campaign.id, a, 'invitation_sent', 1, 'repeated');
    await act(campaign.id, a, 'invitation_sent', 1, 'repeated');
    await act(campaign.id, a, 'invitation_accepted', 2);
    await act(campaign.id, a, 'reply_received', 6);
    await act(campaign.id, a, 'message_sent', 4);
    await act(campaign.id, a, 'message_sent', 3);
    await act(campaign.id, b, 'reply_received', 2);
    await act(campaign.id, b, 'inmail_sent', 5);
    await act(campaign.id, e, 'reply_received', 7);
    // Sequence edits: removing the last step finishes the leads on it, appending one reopens them.
    const edited = must(await t.db.campaigns.get(ws, campaign.id));
    await t.db.leads.adjustAfterStepDelete(ws, campaign.id, { index: 0, previousLength: 3 });
    await t.db.leads.adjustAfterStepDelete(ws, campaign.id, { index: 0, previousLength: 2 });
    await t.db.leads.adjustAfterStepInsert(ws, campaign.id, { index: 1, previousLength: 1, reopenAt: at(8) });
    expect(edited.counters?.maintained).toBe(true);
    // Lead deletion.
    await t.db.leads.deleteMany(ws, campaign.id, [e], new Date());

    expect(await counters(campaign.id)).toMatchObject({
      invitationsSent: 2,
      invitationsAccepted: 1,
      leadsMessaged: 2,
      leadsReplied: 3,
      leadsRespondedToMessages: 1,
    });
    expect((await t.db.campaignCounters.recount(ws, campaign.id)).differences).toEqual([]);
  });
});

describe('step outcomes counted later', () => {
  it('moves nothing until flushed, then the moves of many leads and campaigns in one write each workspace', async () => {
    const first = await seedCampaign(t.db, ws, { steps: [step('message')], leads: 2, status: 'active' });
    const second = await seedCampaign(t.db, ws, { steps: [step('message')], leads: 1, status: 'active' });
    const later = t.db.campaignCounters.deferred();
    const lease = { owner: 'runner-later', now: at(1), leaseMs: 60_000 };
    for (const { campaign } of [first, first, second]) {
      const claimed = must(await t.db.leadLeases.claimDue(ws, campaign.id, lease));
      const outcome = {
        status: 'active',
        internalStatus: 'queued',
        nextActionAt: at(3),
        accountId: 'acc_one',
      } as const;
      await t.db.leadLeases.completeStep(ws, claimed.id, 'runner-later', outcome, { countLater: later });
    }

    expect((await counters(first.campaign.id))?.leads).toMatchObject({ waiting: 2, active: 0 });
    expect(later.size).toBe(2);
    await later.flush();

    expect((await counters(first.campaign.id))?.leads).toMatchObject({ waiting: 0, active: 2 });
    expect((await counters(first.campaign.id))?.senders).toEqual({ acc_one: 2 });
    expect((await counters(second.campaign.id))?.leads).toMatchObject({ waiting: 0, active: 1 });
    expect(later.size).toBe(0);
    for (const { campaign } of [first, second])
      expect((await t.db.campaignCounters.recount(ws, campaign.id)).differences).toEqual([]);
  });

  it('holds the moves of a failed flush, merged with those added since, and writes them once at the next', async () => {
    const written: Array<Record<string, number>> = [];
    let fail = true;
    const later = new DeferredLeadCounts(async (_workspaceId, increments) => {
      if (fail) throw new Error('connection reset');
      written.push(...increments.values());
    });
    const move = { fromStatus: 'waiting', toStatus: 'active', fromSender: null, toSender: null } as const;
    later.add(ws, 'cmp_x', move);
    await expect(later.flush()).rejects.toThrow('connection reset');
    later.add(ws, 'cmp_x', move);
    fail = false;
    await later.flush();
    await later.flush();

    expect(written).toEqual([{ 'counters.leads.waiting': -2, 'counters.leads.active': 2 }]);
  });
});

describe('the drift check', () => {
  it('brings a campaign stored before the counters under them, then finds no drift', async () => {
    const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 2 });
    const [a, b] = leads.map((lead) => lead.id) as [string, string];
    await act(campaign.id, a, 'message_sent', 1);
    await act(campaign.id, b, 'message_sent', 1);
    // As stored before the counters existed: no counters, never checked, no marks of its leads.
    await updateRawCampaign(campaign.id, { $unset: { counters: 1, countersCheckedAt: 1 } });
    await t.raw('lead_action_marks').deleteMany({ leadId: { $in: [a, b] } });
    await act(campaign.id, a, 'reply_received', 2);

    const first = await t.db.campaignCounters.checkOldestAcrossWorkspaces({ limit: 1 });
    expect(first).toEqual([
      expect.objectContaining({ campaignId: campaign.id, workspaceId: ws, firstCheck: true }),
    ]);
    expect(await counters(campaign.id)).toMatchObject({
      maintained: true,
      leadsMessaged: 2,
      leadsReplied: 1,
      leadsRespondedToMessages: 1,
    });
    // From now on the increments start from the truth: b's reply answers its message.
    await act(campaign.id, b, 'reply_received', 3);
    expect(await counters(campaign.id)).toMatchObject({ leadsReplied: 2, leadsRespondedToMessages: 2 });
    expect((await t.db.campaignCounters.recount(ws, campaign.id)).differences).toEqual([]);
  });

  it('checks every campaign in turn and finds nothing to correct where every writer kept them', async () => {
    const ids = (checks: Array<{ campaignId: string }>) => checks.map((check) => check.campaignId).sort();
    const all = await t.db.campaignCounters.checkOldestAcrossWorkspaces({ limit: 100 });
    const again = await t.db.campaignCounters.checkOldestAcrossWorkspaces({ limit: 100 });
    expect(all.length).toBeGreaterThan(1);
    expect(ids(again)).toEqual(ids(all));
    expect(again.every((check) => check.differences.length === 0 && !check.firstCheck)).toBe(true);
  });

  it('checks first a campaign put in line by a runner that took over a lease, and mends what it lost', async () => {
    await t.db.campaignCounters.checkOldestAcrossWorkspaces({ limit: 1_000 });
    const { campaign } = await seedCampaign(t.db, ws, { steps: [step('message')], leads: 2 });
    await t.db.campaignCounters.checkOldestAcrossWorkspaces({ limit: 1_000 });
    // A runner died holding a counter move: the lead moved, its count did not.
    await updateRawCampaign(campaign.id, { $inc: { 'counters.leads.waiting': 1 } });
    await t.db.campaignCounters.checkSoon(ws, campaign.id);

    const [first] = await t.db.campaignCounters.checkOldestAcrossWorkspaces({ limit: 1 });
    expect(first).toMatchObject({
      campaignId: campaign.id,
      differences: [{ counter: 'leads.waiting', stored: 3, actual: 2 }],
    });
    expect((await counters(campaign.id))?.leads.waiting).toBe(2);
  });

  it('reports a counter a writer missed, and stores the exact value', async () => {
    const { campaign } = await seedCampaign(t.db, ws, { leads: 1 });
    await updateRawCampaign(campaign.id, { $inc: { 'counters.leadsReplied': 2 } });
    now = at(20);
    const checks = await t.db.campaignCounters.checkOldestAcrossWorkspaces({ limit: 100 });
    expect(checks.find((check) => check.campaignId === campaign.id)).toMatchObject({
      firstCheck: false,
      differences: [{ counter: 'leadsReplied', stored: 2, actual: 0 }],
    });
    expect(await counters(campaign.id)).toMatchObject({ leadsReplied: 0 });
  });
});
