/**
 * The default analytics window under the demo's compressed clock (a simulated day lasts 10 real
 * seconds): 30 simulated days pass in 5 real minutes, and a window of "the last 30 days" then
 * forgot the campaign and read 0. The default window starts when the campaign (the workspace, for
 * workspace analytics) was created, and every answer says which window it used.
 */
import type { Campaign, CampaignAnalytics, WorkspaceAnalytics } from '@outreach/contract';
import { asWorkspaceId } from '@outreach/db';
import { createScaledClock } from '@outreach/network';
import { beforeAll, describe, expect, it } from 'vitest';
import { addLeads, createAccount, createCampaign, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

/** Real time as the demo's clock reads it; moved on by hand instead of waiting minutes. */
let realNow = Date.parse('2026-01-05T09:00:00.000Z');
const demoClock = createScaledClock({ scale: 86_400 / 10, epoch: realNow, realNow: () => realNow });
const app = useTestApp({ clock: demoClock, dbClock: demoClock });
const ws = useWorkspace(app);
let campaign: Campaign;

beforeAll(async () => {
  const account = await createAccount(ws.api);
  campaign = await createCampaign(ws.api, { name: 'Demo campaign' });
  await addLeads(ws.api, campaign.id, ['ada', 'grace', 'alan']);
  const leads = (await app.db.leads.list(asWorkspaceId(ws.workspaceId), campaign.id)).items;
  // The invitations go out in the first simulated hours of the campaign.
  realNow += 2_000;
  for (const [n, lead] of leads.entries()) {
    await app.db.actions.record(asWorkspaceId(ws.workspaceId), {
      campaignId: campaign.id,
      idempotencyKey: `demo-${n}`,
      leadId: lead.id,
      accountId: account.id,
      type: 'invitation_sent',
      occurredAt: demoClock(),
    });
  }
  // Six real minutes later: 36 simulated days.
  realNow += 6 * 60_000;
});

describe('the default analytics window under a compressed clock', () => {
  it("still counts a campaign's actions 36 simulated days later, from the campaign's creation", async () => {
    const res = await ws.api.get<CampaignAnalytics>(`/v1/campaigns/${campaign.id}/analytics`);
    expect(res.status).toBe(200);
    expect(res.body.totals).toMatchObject({ leads: 3, invitationsSent: 3 });
    expect(res.body.window).toEqual({
      startDate: campaign.createdAt,
      endDate: demoClock().toISOString(),
      startFrom: 'creation',
    });
  });

  it("still counts them in the workspace's analytics, from the workspace's creation", async () => {
    const res = await ws.api.get<WorkspaceAnalytics>('/v1/analytics');
    expect(res.status).toBe(200);
    expect(res.body.totals).toMatchObject({ leads: 3, invitationsSent: 3 });
    expect(res.body.window.startFrom).toBe('creation');
    expect(Date.parse(res.body.window.startDate)).toBeLessThanOrEqual(Date.parse(campaign.createdAt));
  });

  it('says the window came from the query when startDate is given', async () => {
    const res = await ws.api.get<CampaignAnalytics>(
      `/v1/campaigns/${campaign.id}/analytics?startDate=${encodeURIComponent(demoClock().toISOString())}`,
    );
    expect(res.body.window.startFrom).toBe('query');
    expect(res.body.totals.invitationsSent).toBe(0);
  });
});
