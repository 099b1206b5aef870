/**
 * Campaign summaries for a whole page of campaigns at a fixed cost, and the lead counts of an
 * analytics window (leads added, leads completed), each within the caller's workspace only.
 */
import type { ActionType } from '@outreach/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace, seedCampaign } from '../testing/fixtures.js';
import { must } from '../testing/must.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
let ws: WorkspaceId;
let other: WorkspaceId;
const day = (d: number) => new Date(Date.UTC(2025, 5, d, 12));
let now = day(1);
let keys = 0;

beforeAll(async () => {
  t = await openTestDb({ clock: () => now });
  ws = await newWorkspace(t.db);
  other = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

function act(workspaceId: WorkspaceId, campaignId: string, leadId: string, type: ActionType) {
  keys += 1;
  return t.db.actions.record(workspaceId, {
    campaignId,
    leadId,
    type,
    idempotencyKey: `k${keys}`,
    occurredAt: day(2),
  });
}

const finished = { status: 'completed', internalStatus: 'finished', nextActionAt: null } as const;

describe('summaries', () => {
  it('summarises every campaign of a page: lead counts and the counters behind the rates', async () => {
    now = day(1);
    const busy = await seedCampaign(t.db, ws, { leads: 4 });
    const quiet = await seedCampaign(t.db, ws, { leads: 1 });
    const [l0, l1, l2, l3] = busy.leads.map((lead) => lead.id);
    for (const lead of [l0, l1, l2, l3]) await act(ws, busy.campaign.id, must(lead), 'invitation_sent');
    await act(ws, busy.campaign.id, must(l0), 'invitation_accepted');
    await act(ws, busy.campaign.id, must(l0), 'message_sent');
    await act(ws, busy.campaign.id, must(l0), 'message_sent');
    await act(ws, busy.campaign.id, must(l1), 'inmail_sent');
    await act(ws, busy.campaign.id, must(l0), 'reply_received');
    await t.db.leads.setStatus(ws, must(l3), finished);
    // Another workspace naming the same campaign id is not counted.
    await act(other, busy.campaign.id, 'led_foreign', 'invitation_sent');

    const unknown = 'cmp_000000000000000000000000';
    const summaries = await t.db.campaignStats.summaries(ws, [busy.campaign.id, quiet.campaign.id, unknown]);
    expect(summaries.get(busy.campaign.id)).toEqual({
      leadCounts: { waiting: 3, active: 0, paused: 0, completed: 1, error: 0 },
      totalLeads: 4,
      invitationsSent: 4,
      invitationsAccepted: 1,
      leadsMessaged: 2,
      leadsReplied: 1,
      // Its reply is logged at the time of its message, not after it: no response to a message.
      leadsRespondedToMessages: 0,
    });
    expect(summaries.get(quiet.campaign.id)).toMatchObject({ totalLeads: 1, invitationsSent: 0 });
    expect(summaries.get(unknown)).toMatchObject({ totalLeads: 0, leadsMessaged: 0 });
    expect((await t.db.campaignStats.summaries(ws, [])).size).toBe(0);
  });
});

describe('leadsInWindow', () => {
  it('counts leads added, and leads completed, within the window', async () => {
    now = day(10);
    const { campaign, leads } = await seedCampaign(t.db, ws, { leads: 3 });
    now = day(12);
    const late = await t.db.leads.addMany(ws, campaign.id, [{ publicIdentifier: 'late-comer' }]);
    now = day(11);
    await t.db.leads.setStatus(ws, must(leads[0]).id, finished);
    now = day(13);
    await t.db.leads.setStatus(ws, must(late.leads[0]).id, finished);
    // Ended in error: final, but not completed.
    await t.db.leads.setStatus(ws, must(leads[1]).id, {
      status: 'error',
      internalStatus: 'network_error',
      nextActionAt: null,
    });

    const window = (from: Date, to: Date) =>
      t.db.campaignStats.leadsInWindow(ws, { campaignIds: [campaign.id], from, to });
    expect(await window(day(10), day(12))).toEqual({ added: 3, completed: 1 });
    expect(await window(day(12), day(14))).toEqual({ added: 1, completed: 1 });
    expect(await window(day(11), day(12))).toEqual({ added: 0, completed: 1 });
    expect(await window(day(1), day(30))).toEqual({ added: 4, completed: 2 });
    expect(
      await t.db.campaignStats.leadsInWindow(ws, { campaignIds: [], from: day(1), to: day(30) }),
    ).toEqual({ added: 0, completed: 0 });
    expect(
      await t.db.campaignStats.leadsInWindow(other, {
        campaignIds: [campaign.id],
        from: day(1),
        to: day(30),
      }),
    ).toEqual({ added: 0, completed: 0 });
  });

  it('counts only the leads of one sender account when asked', async () => {
    now = day(20);
    const { campaign } = await seedCampaign(t.db, ws);
    const { leads } = await t.db.leads.addMany(ws, campaign.id, [
      { publicIdentifier: 'mine', accountId: 'acc_000000000000000000000001' },
      { publicIdentifier: 'theirs', accountId: 'acc_000000000000000000000002' },
    ]);
    await t.db.leads.setStatus(ws, must(leads[0]).id, finished);
    expect(
      await t.db.campaignStats.leadsInWindow(ws, {
        campaignIds: [campaign.id],
        from: day(20),
        to: day(21),
        accountId: 'acc_000000000000000000000001',
      }),
    ).toEqual({ added: 1, completed: 1 });
  });
});
