/**
 * Analytics: a campaign's totals, per-step and per-variant breakdown and daily series over a
 * window, the workspace view with its filters, and the summary rates on the campaign itself.
 */
import type {
  Campaign,
  CampaignAnalytics,
  CampaignPage,
  StepList,
  WorkspaceAnalytics,
} from '@outreach/contract';
import { asWorkspaceId, type NewAction } from '@outreach/db';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addLeads,
  createAccount,
  createCampaign,
  createCampaignWithSteps,
  createWorkspace,
  unknownId,
  useWorkspace,
} from './support/fixtures.js';
import { callsTo, recordingDb, type DbCall } from './support/db-spy.js';
import { startTestApp, useTestApp } from './support/test-app.js';

/** When the data layer says records are created or changed: leads are added on 2 June 2025. */
let dbNow = new Date('2025-06-02T09:00:00Z');
const app = useTestApp({ dbClock: () => dbNow });
const ws = useWorkspace(app);
let campaign: Campaign;
let steps: StepList['steps'];
let leadIds: string[];
let accountId: string;

let sequence = 0;
/** Records an action of the measured campaign's sender account, on the given step and variant. */
async function record(
  type: NewAction['type'],
  leadId: string,
  occurredAt: Date,
  on: Pick<NewAction, 'stepId' | 'variantId'>,
) {
  sequence += 1;
  await app.db.actions.record(asWorkspaceId(ws.workspaceId), {
    campaignId: campaign.id,
    idempotencyKey: `test-${sequence}`,
    leadId,
    accountId,
    type,
    occurredAt,
    ...on,
  });
}

beforeAll(async () => {
  accountId = (await createAccount(ws.api)).id;
  const measured = await createCampaignWithSteps(ws.api, ['invitation', 'message'], { name: 'Measured' });
  campaign = measured.campaign;
  const messageStep = measured.steps[1];
  await ws.api.post(`/v1/campaigns/${campaign.id}/steps/${messageStep?.id}/variants`, { body: 'B' });
  steps = (await ws.api.get<{ steps: StepList['steps'] }>(`/v1/campaigns/${campaign.id}`)).body.steps;
  await addLeads(ws.api, campaign.id, ['l1', 'l2', 'l3', 'l4']);
  leadIds = (await app.db.leads.list(asWorkspaceId(ws.workspaceId), campaign.id)).items.map((l) => l.id);
  const [invitation, message] = steps;
  const [variantA, variantB] = message?.variants ?? [];
  const day1 = new Date('2025-06-02T10:00:00Z');
  const day2 = new Date('2025-06-03T10:00:00Z');
  const onInvitation = { stepId: invitation?.id ?? null };
  const onA = { stepId: message?.id ?? null, variantId: variantA?.id ?? null };
  const onB = { stepId: message?.id ?? null, variantId: variantB?.id ?? null };
  for (const leadId of leadIds) await record('invitation_sent', leadId, day1, onInvitation);
  for (const leadId of leadIds.slice(0, 2)) await record('invitation_accepted', leadId, day2, onInvitation);
  const [first, second, third] = leadIds as [string, string, string];
  await record('message_sent', first, day2, onA);
  await record('message_sent', second, day2, onB);
  // The first lead answers its message an hour later.
  await record('reply_received', first, new Date('2025-06-03T11:00:00Z'), onA);
  // Outside the window used below.
  await record('profile_visited', third, new Date('2025-07-01T00:00:00Z'), onInvitation);
});

describe('GET /v1/campaigns/{campaignId}/analytics', () => {
  it('counts totals, steps, variants and days within the window', async () => {
    const res = await ws.api.get<CampaignAnalytics>(
      `/v1/campaigns/${campaign.id}/analytics?startDate=2025-06-01&endDate=2025-06-04`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      campaignId: campaign.id,
      startDate: '2025-06-01T00:00:00.000Z',
      endDate: '2025-06-05T00:00:00.000Z',
      totals: {
        leads: 4,
        invitationsSent: 4,
        invitationsAccepted: 2,
        acceptanceRate: 0.5,
        messagesSent: 2,
        leadsReplied: 1,
        responseRate: 0.5,
        profileVisits: 0,
        leadsCompleted: 0,
      },
    });
    const [invitation, message] = steps;
    expect(res.body.steps).toEqual([
      { stepId: invitation?.id, order: 0, type: 'invitation', sent: 4, replies: 0, responseRate: 0 },
      { stepId: message?.id, order: 1, type: 'message', sent: 2, replies: 1, responseRate: 0.5 },
    ]);
    expect(res.body.variants.map((v) => [v.order, v.sent, v.replies, v.responseRate])).toEqual([
      [0, 1, 1, 1],
      [1, 1, 0, 0],
    ]);
    expect(
      res.body.daily.map((d) => [
        d.date,
        d.invitationsSent,
        d.invitationsAccepted,
        d.messagesSent,
        d.replies,
      ]),
    ).toEqual([
      ['2025-06-01', 0, 0, 0, 0],
      ['2025-06-02', 4, 0, 0, 0],
      ['2025-06-03', 0, 2, 2, 1],
      ['2025-06-04', 0, 0, 0, 0],
    ]);
  });

  it('takes date-times with offsets and excludes the end instant', async () => {
    const res = await ws.api.get<CampaignAnalytics>(
      `/v1/campaigns/${campaign.id}/analytics?startDate=2025-06-02T00:00:00Z&endDate=2025-06-03T10:00:00%2B00:00`,
    );
    expect(res.body.totals).toMatchObject({ invitationsSent: 4, invitationsAccepted: 0 });
  });

  it('defaults to the 366 days up to now for a campaign created longer ago, and says so', async () => {
    // The campaign was created in June 2025 by the data layer's clock; the app's clock is today.
    const res = await ws.api.get<CampaignAnalytics>(`/v1/campaigns/${campaign.id}/analytics`);
    expect(res.status).toBe(200);
    const span = Date.parse(res.body.endDate) - Date.parse(res.body.startDate);
    expect(span).toBe(366 * 86_400_000);
    expect(res.body.window).toEqual({
      startDate: res.body.startDate,
      endDate: res.body.endDate,
      startFrom: 'limit',
    });
  });

  it('refuses bad dates and a start after the end with 400, an unknown campaign with 404', async () => {
    const base = `/v1/campaigns/${campaign.id}/analytics`;
    expect((await ws.api.get(`${base}?startDate=yesterday`)).status).toBe(400);
    expect((await ws.api.get(`${base}?startDate=2025-13-01`)).status).toBe(400);
    expect((await ws.api.get(`${base}?startDate=2025-06-05&endDate=2025-06-01`)).status).toBe(400);
    expect((await ws.api.get(`/v1/campaigns/${unknownId('cmp')}/analytics`)).status).toBe(404);
  });

  it('shows the since-creation rates on the campaign itself', async () => {
    const res = await ws.api.get<Campaign>(`/v1/campaigns/${campaign.id}`);
    expect(res.body.analytics).toEqual({ acceptanceRate: 0.5, responseRate: 0.5, totalLeads: 4 });
    expect(res.body.progress).toBe(0);
    await ws.api.put(`/v1/leads/${leadIds[3]}/status`, { status: 'completed' });
    expect((await ws.api.get<Campaign>(`/v1/campaigns/${campaign.id}`)).body.progress).toBe(25);
  });

  it('counts the leads added and the leads completed within the window only', async () => {
    const totals = async (window: string) =>
      (await ws.api.get<CampaignAnalytics>(`/v1/campaigns/${campaign.id}/analytics?${window}`)).body.totals;
    // Lead 3 was completed on 2 June (previous test); lead 2 completes on 3 June.
    dbNow = new Date('2025-06-03T12:00:00Z');
    await ws.api.put(`/v1/leads/${leadIds[2]}/status`, { status: 'completed' });
    // A lead that ends in error is final, but not completed.
    await ws.api.put(`/v1/leads/${leadIds[1]}/status`, { status: 'error' });
    expect(await totals('startDate=2025-06-02&endDate=2025-06-02')).toMatchObject({
      leads: 4,
      leadsCompleted: 1,
    });
    expect(await totals('startDate=2025-06-03&endDate=2025-06-03')).toMatchObject({
      leads: 0,
      leadsCompleted: 1,
    });
    expect(await totals('startDate=2025-06-01&endDate=2025-06-30')).toMatchObject({
      leads: 4,
      leadsCompleted: 2,
    });
    expect(await totals('startDate=2025-06-05&endDate=2025-06-30')).toMatchObject({
      leads: 0,
      leadsCompleted: 0,
    });
  });
});

describe('campaign summaries in the campaign list', () => {
  it('summarises a page of campaigns from their counters, without recounts or per-campaign analytics', async () => {
    const calls: DbCall[] = [];
    const counted = await startTestApp({ wrapDb: (db) => recordingDb(db, calls) });
    const statsCalls = () => ({
      analytics: callsTo(calls, 'actions.analytics'),
      summaries: callsTo(calls, 'campaignStats.summaries'),
    });
    try {
      const own = await createWorkspace(counted);
      const ownId = asWorkspaceId(own.workspaceId);
      const campaigns = [];
      for (const name of ['one', 'two', 'three']) {
        const created = await createCampaign(own.api, { name });
        await addLeads(own.api, created.id, [`${name}-a`, `${name}-b`]);
        campaigns.push(created);
      }
      const [first] = campaigns;
      const leads = (await counted.db.leads.list(ownId, first?.id ?? '')).items;
      for (const [index, lead] of leads.entries()) {
        const base = { campaignId: first?.id ?? '', leadId: lead.id, occurredAt: new Date() };
        await counted.db.actions.record(ownId, {
          ...base,
          type: 'invitation_sent',
          idempotencyKey: `i${index}`,
        });
      }
      await counted.db.actions.record(ownId, {
        campaignId: first?.id ?? '',
        leadId: leads[0]?.id ?? '',
        type: 'invitation_accepted',
        idempotencyKey: 'accepted',
        occurredAt: new Date(),
      });
      calls.length = 0;

      const page = await own.api.get<CampaignPage>('/v1/campaigns');
      expect(page.status).toBe(200);
      expect(statsCalls()).toEqual({ analytics: 0, summaries: 0 });
      expect(
        page.body.items.map((c) => [c.name, c.analytics.totalLeads, c.analytics.acceptanceRate]),
      ).toEqual([
        ['three', 2, 0],
        ['two', 2, 0],
        ['one', 2, 0.5],
      ]);
      await own.api.get(`/v1/campaigns/${first?.id}`);
      expect(statsCalls()).toEqual({ analytics: 0, summaries: 0 });
    } finally {
      await counted.close();
    }
  });
});

describe('GET /v1/analytics', () => {
  it('counts campaigns by status and totals over the window', async () => {
    await createCampaign(ws.api, { name: 'Empty draft' });
    const res = await ws.api.get<WorkspaceAnalytics>('/v1/analytics?startDate=2025-06-01&endDate=2025-06-30');
    expect(res.status).toBe(200);
    expect(res.body.campaigns).toEqual({ total: 2, active: 0, paused: 0, completed: 0, error: 0, draft: 2 });
    expect(res.body.totals).toMatchObject({
      leads: 4,
      invitationsSent: 4,
      invitationsAccepted: 2,
      messagesSent: 2,
      leadsReplied: 1,
      leadsCompleted: 2,
    });
    expect(res.body.daily).toHaveLength(30);
  });

  it('filters by sender account and by campaign status', async () => {
    const other = await ws.api.get<WorkspaceAnalytics>(
      `/v1/analytics?startDate=2025-06-01&endDate=2025-06-30&accountId=${unknownId('acc')}`,
    );
    expect(other.body.totals).toMatchObject({ invitationsSent: 0, leads: 0, leadsCompleted: 0 });
    const mine = await ws.api.get<WorkspaceAnalytics>(
      `/v1/analytics?startDate=2025-06-01&endDate=2025-06-30&accountId=${accountId}`,
    );
    expect(mine.body.totals).toMatchObject({ invitationsSent: 4, leads: 4, leadsCompleted: 2 });
    const active = await ws.api.get<WorkspaceAnalytics>(
      '/v1/analytics?startDate=2025-06-01&endDate=2025-06-30&campaignStatus=active',
    );
    expect(active.body.campaigns).toEqual({
      total: 0,
      active: 0,
      paused: 0,
      completed: 0,
      error: 0,
      draft: 0,
    });
    expect(active.body.totals.invitationsSent).toBe(0);
    const drafts = await ws.api.get<WorkspaceAnalytics>(
      '/v1/analytics?startDate=2025-06-01&endDate=2025-06-30&campaignStatus=draft',
    );
    expect(drafts.body.totals.invitationsSent).toBe(4);
    expect((await ws.api.get('/v1/analytics?campaignStatus=running')).status).toBe(400);
  });
});
