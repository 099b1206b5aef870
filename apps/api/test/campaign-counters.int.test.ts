/**
 * A campaign's figures kept on write: the campaign detail and list answer from the campaign
 * document alone (no recount of leads and actions) with the same figures a recount gives, because
 * every write of leads and actions (the API's, the runner's) moves them in the data layer.
 */
import type { CampaignDetail, CampaignPage, CampaignLeadPage } from '@outreach/contract';
import { asWorkspaceId } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import { callsTo, recordingDb, type DbCall } from './support/db-spy.js';
import { addLeads, createCampaign, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const calls: DbCall[] = [];
const app = useTestApp({ wrapDb: (db) => recordingDb(db, calls) });
const ws = useWorkspace(app);

describe('campaign figures from the counters', () => {
  it('answers the detail and the list from the counters kept on write, as a recount does', async () => {
    const campaign = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, ['one', 'two', 'three', 'four']);
    const leads = (await ws.api.get<CampaignLeadPage>(`/v1/campaigns/${campaign.id}/leads`)).body.leads;
    await ws.api.put(`/v1/leads/${leads[0]?.id ?? ''}/status`, { status: 'completed' });
    await ws.api.put(`/v1/leads/${leads[1]?.id ?? ''}/status`, { status: 'paused' });
    await ws.api.delete(`/v1/campaigns/${campaign.id}/leads`, [leads[2]?.id]);

    calls.length = 0;
    const counted = (await ws.api.get<CampaignDetail>(`/v1/campaigns/${campaign.id}`)).body;
    const listed = (await ws.api.get<CampaignPage>('/v1/campaigns')).body.items.find(
      (c) => c.id === campaign.id,
    );
    expect(callsTo(calls, 'campaignStats.summaries')).toBe(0);
    expect(counted).toMatchObject({ progress: 33.33, analytics: { totalLeads: 3 } });
    expect(listed).toMatchObject({ progress: 33.33, analytics: { totalLeads: 3 } });
    const workspaceId = asWorkspaceId(ws.workspaceId);
    expect((await app.db.campaignCounters.recount(workspaceId, campaign.id)).differences).toEqual([]);
  });

  it('gives the leads page its totals from the counters, without counting the leads', async () => {
    const campaign = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, ['page-a', 'page-b', 'page-c']);
    const first = (await ws.api.get<CampaignLeadPage>(`/v1/campaigns/${campaign.id}/leads`)).body.leads;
    await ws.api.put(`/v1/leads/${first[0]?.id ?? ''}/status`, { status: 'paused' });

    calls.length = 0;
    const all = (await ws.api.get<CampaignLeadPage>(`/v1/campaigns/${campaign.id}/leads?limit=1`)).body;
    const paused = (
      await ws.api.get<CampaignLeadPage>(`/v1/campaigns/${campaign.id}/leads?status=paused&limit=1`)
    ).body;
    expect(all.total).toBe(3);
    expect(all.leads).toHaveLength(1);
    expect(paused.total).toBe(1);
    expect(paused.leads.map((lead) => lead.id)).toEqual([first[0]?.id]);
    // The totals were handed to the data layer (from the campaign just read), so it counted nothing.
    expect(calls.filter((call) => call.method === 'leads.list').map((call) => call.args[3])).toEqual([3, 1]);
  });

  it('never shows a count, rate or progress below zero while a counter is one off', async () => {
    const campaign = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, ['below-a', 'below-b']);
    const workspaceId = asWorkspaceId(ws.workspaceId);
    // What a crash between a lead's write and its count can leave: a move out of a status counted
    // without the move into it (completed -1, waiting 3).
    await app.db.campaignCounters.recordStatusChange(workspaceId, campaign.id, 'completed', 'waiting');
    const detail = (await ws.api.get<CampaignDetail>(`/v1/campaigns/${campaign.id}`)).body;
    expect(detail.progress).toBe(0);
    expect(detail.analytics.totalLeads).toBe(3);
    const completed = await ws.api.get<CampaignLeadPage>(
      `/v1/campaigns/${campaign.id}/leads?status=completed`,
    );
    expect(completed.body.total).toBe(0);
    await app.db.campaignCounters.recount(workspaceId, campaign.id);
    expect((await ws.api.get<CampaignDetail>(`/v1/campaigns/${campaign.id}`)).body.analytics.totalLeads).toBe(
      2,
    );
  });

  it('reports and corrects a counter that drifted', async () => {
    const campaign = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, ['drift-a', 'drift-b']);
    const workspaceId = asWorkspaceId(ws.workspaceId);
    await app.db.campaignCounters.recordStatusChange(workspaceId, campaign.id, 'waiting', 'error');
    const drift = await app.db.campaignCounters.recount(workspaceId, campaign.id);
    expect(drift.differences).toEqual([
      { counter: 'leads.waiting', stored: 1, actual: 2 },
      { counter: 'leads.error', stored: 1, actual: 0 },
    ]);
    expect((await app.db.campaignCounters.recount(workspaceId, campaign.id)).differences).toEqual([]);
  });
});
