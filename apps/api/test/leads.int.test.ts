/**
 * Leads: adding (normalised identifiers, profile URLs, duplicates, blocked leads left out), listing,
 * removing all or nothing, setting a status, and tagging with its event in the outbox.
 */
import type {
  AddLeadsResult,
  CampaignDetail,
  CampaignLeadPage,
  Lead,
  LeadTagsResult,
} from '@outreach/contract';
import { asWorkspaceId } from '@outreach/db';
import { eventId } from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import { addLeads, createAccount, createCampaign, unknownId, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();
const ws = useWorkspace(app);

async function leadsOf(campaignId: string, query = ''): Promise<CampaignLeadPage> {
  return (await ws.api.get<CampaignLeadPage>(`/v1/campaigns/${campaignId}/leads${query}`)).body;
}

describe('POST /v1/campaigns/{campaignId}/leads', () => {
  it('adds leads with normalised identifiers, taken from the profile URL when needed', async () => {
    const campaign = await createCampaign(ws.api);
    const res = await ws.api.post<AddLeadsResult>(`/v1/campaigns/${campaign.id}/leads`, {
      leads: [
        {
          publicIdentifier: '  Ada-Lovelace ',
          firstName: 'Ada',
          lastName: 'Lovelace',
          companyName: 'Analytical',
        },
        { networkUrl: 'https://www.network.example/in/grace%2Dhopper/?utm=x', email: 'grace@navy.example' },
        { publicIdentifier: 'alan', customVariables: { topic: 'computing' } },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, added: 3, duplicates: 0, blocked: 0 });
    const page = await leadsOf(campaign.id);
    expect(page.leads.map((l) => l.publicIdentifier)).toEqual(['ada-lovelace', 'grace-hopper', 'alan']);
    const ada = page.leads[0] as Lead;
    expect(ada).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      companyName: 'Analytical',
      email: null,
      status: 'waiting',
      internalStatus: 'queued',
      currentStep: 0,
      tags: [],
      accountId: null,
    });
    expect(page.leads[1]?.networkUrl).toBe('https://www.network.example/in/grace%2Dhopper/?utm=x');
    expect(page.leads[2]?.customVariables).toEqual({ topic: 'computing' });
  });

  it('counts leads already in the campaign or repeated in the request as duplicates', async () => {
    const campaign = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, ['ada']);
    const res = await ws.api.post<AddLeadsResult>(`/v1/campaigns/${campaign.id}/leads`, {
      leads: [{ publicIdentifier: 'ADA' }, { publicIdentifier: 'bob' }, { publicIdentifier: 'Bob ' }],
    });
    expect(res.body).toMatchObject({ added: 1, duplicates: 2, blocked: 0 });
    expect((await leadsOf(campaign.id)).total).toBe(2);
  });

  it('leaves out leads blocked for the workspace or for this campaign', async () => {
    const campaign = await createCampaign(ws.api);
    const other = await createCampaign(ws.api);
    await ws.api.post('/v1/blocked-leads', { leads: [{ publicIdentifier: 'Workspace-Blocked' }] });
    await ws.api.post(`/v1/campaigns/${campaign.id}/blocked-leads`, {
      publicIdentifiers: ['campaign-blocked'],
    });
    const res = await ws.api.post<AddLeadsResult>(`/v1/campaigns/${campaign.id}/leads`, {
      leads: [
        { publicIdentifier: 'workspace-blocked' },
        { networkUrl: 'https://network.example/in/campaign-blocked' },
        { publicIdentifier: 'welcome' },
      ],
    });
    expect(res.body).toMatchObject({ added: 1, duplicates: 0, blocked: 2 });
    // A campaign block applies to that campaign only; a workspace block to every campaign.
    const elsewhere = await ws.api.post<AddLeadsResult>(`/v1/campaigns/${other.id}/leads`, {
      leads: [{ publicIdentifier: 'campaign-blocked' }, { publicIdentifier: 'workspace-blocked' }],
    });
    expect(elsewhere.body).toMatchObject({ added: 1, blocked: 1 });
  });

  it('assigns new leads to the campaign senders', async () => {
    const account = await createAccount(ws.api);
    const campaign = await createCampaign(ws.api);
    await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [account.id] });
    await addLeads(ws.api, campaign.id, ['assigned-1', 'assigned-2']);
    expect((await leadsOf(campaign.id)).leads.map((l) => l.accountId)).toEqual([account.id, account.id]);
  });

  it('pauses a completed campaign that gets new leads', async () => {
    const campaign = await createCampaign(ws.api);
    const workspaceId = asWorkspaceId(ws.workspaceId);
    await app.db.campaigns.transitionStatus(workspaceId, campaign.id, { from: ['draft'], to: 'completed' });
    await addLeads(ws.api, campaign.id, ['latecomer']);
    expect((await ws.api.get<CampaignDetail>(`/v1/campaigns/${campaign.id}`)).body.status).toBe('paused');
  });

  it('refuses an empty list, over 1000 leads, a lead without identifier and bad fields with 400, adding nothing', async () => {
    const campaign = await createCampaign(ws.api);
    const path = `/v1/campaigns/${campaign.id}/leads`;
    const many = Array.from({ length: 1001 }, (_, i) => ({ publicIdentifier: `p${i}` }));
    for (const body of [
      { leads: [] },
      { leads: many },
      { leads: [{ firstName: 'Nobody' }] },
      { leads: [{ publicIdentifier: 'x', email: 'not-an-email' }] },
      { leads: [{ publicIdentifier: 'x', nickname: 'y' }] },
      { leads: [{ publicIdentifier: 'x' }, { networkUrl: 'https://example.com/company/acme' }] },
      { lead: [{ publicIdentifier: 'x' }] },
    ]) {
      const res = await ws.api.post(path, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await leadsOf(campaign.id)).total).toBe(0);
    expect(
      (await ws.api.post(`/v1/campaigns/${unknownId('cmp')}/leads`, { leads: [{ publicIdentifier: 'x' }] }))
        .status,
    ).toBe(404);
  });
});

describe('GET /v1/campaigns/{campaignId}/leads', () => {
  it('lists leads in the order they were added, by status, with offset and limit', async () => {
    const campaign = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, ['a', 'b', 'c']);
    const page = await leadsOf(campaign.id, '?offset=1&limit=1');
    expect(page).toMatchObject({ campaignId: campaign.id, total: 3, offset: 1, limit: 1 });
    expect(page.leads.map((l) => l.publicIdentifier)).toEqual(['b']);
    const paused = (await leadsOf(campaign.id)).leads[2] as Lead;
    await ws.api.put(`/v1/leads/${paused.id}/status`, { status: 'paused' });
    expect((await leadsOf(campaign.id, '?status=paused')).leads.map((l) => l.publicIdentifier)).toEqual([
      'c',
    ]);
    expect((await leadsOf(campaign.id, '?status=waiting')).total).toBe(2);
    expect((await ws.api.get(`/v1/campaigns/${campaign.id}/leads?status=sleeping`)).status).toBe(400);
    expect((await ws.api.get(`/v1/campaigns/${unknownId('cmp')}/leads`)).status).toBe(404);
  });
});

describe('DELETE /v1/campaigns/{campaignId}/leads', () => {
  it('deletes the given leads', async () => {
    const campaign = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, ['keep', 'drop-1', 'drop-2']);
    const ids = (await leadsOf(campaign.id)).leads.slice(1).map((l) => l.id);
    const res = await ws.api.delete(`/v1/campaigns/${campaign.id}/leads`, ids);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, deleted: 2 });
    expect((await leadsOf(campaign.id)).leads.map((l) => l.publicIdentifier)).toEqual(['keep']);
  });

  it('answers 404 naming unknown ids and deletes nothing', async () => {
    const campaign = await createCampaign(ws.api);
    const other = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, ['stay']);
    await addLeads(ws.api, other.id, ['elsewhere']);
    const stay = (await leadsOf(campaign.id)).leads[0]?.id as string;
    const elsewhere = (await leadsOf(other.id)).leads[0]?.id as string;
    const missing = unknownId('led');
    const res = await ws.api.delete<{ message: string }>(`/v1/campaigns/${campaign.id}/leads`, [
      stay,
      missing,
      elsewhere,
    ]);
    expect(res.status).toBe(404);
    expect(res.body.message).toContain(missing);
    expect(res.body.message).toContain(elsewhere);
    expect((await leadsOf(campaign.id)).total).toBe(1);
    expect((await leadsOf(other.id)).total).toBe(1);
  });

  it('refuses an empty list or a body that is not an array with 400', async () => {
    const campaign = await createCampaign(ws.api);
    expect((await ws.api.delete(`/v1/campaigns/${campaign.id}/leads`, [])).status).toBe(400);
    expect((await ws.api.delete(`/v1/campaigns/${campaign.id}/leads`, { ids: ['x'] })).status).toBe(400);
    expect((await ws.api.delete(`/v1/campaigns/${campaign.id}/leads`)).status).toBe(400);
  });
});

describe('PUT /v1/leads/{leadId}/status', () => {
  it('sets each settable status', async () => {
    const campaign = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, ['status-lead']);
    const lead = (await leadsOf(campaign.id)).leads[0] as Lead;
    for (const status of ['paused', 'active', 'completed', 'error', 'waiting'] as const) {
      const res = await ws.api.put(`/v1/leads/${lead.id}/status`, { status });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, leadId: lead.id, status });
      expect((await leadsOf(campaign.id)).leads[0]?.status).toBe(status);
    }
  });

  it('refuses an unknown status with 400 and an unknown lead with 404', async () => {
    const campaign = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, ['bad-status']);
    const lead = (await leadsOf(campaign.id)).leads[0] as Lead;
    expect((await ws.api.put(`/v1/leads/${lead.id}/status`, { status: 'done' })).status).toBe(400);
    expect((await ws.api.put(`/v1/leads/${lead.id}/status`, { state: 'paused' })).status).toBe(400);
    const missing = await ws.api.put(`/v1/leads/${unknownId('led')}/status`, { status: 'paused' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'lead_not_found' });
  });
});

describe('POST /v1/leads/{leadId}/tags', () => {
  it('tags the lead and writes the matching event to the outbox once', async () => {
    const campaign = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, ['tagged']);
    const lead = (await leadsOf(campaign.id)).leads[0] as Lead;
    const res = await ws.api.post<LeadTagsResult>(`/v1/leads/${lead.id}/tags`, { tag: 'interested' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, leadId: lead.id, tags: ['interested'] });
    const again = await ws.api.post<LeadTagsResult>(`/v1/leads/${lead.id}/tags`, { tag: 'interested' });
    expect(again.body.tags).toEqual(['interested']);
    await ws.api.post(`/v1/leads/${lead.id}/tags`, { tag: 'meeting_booked' });

    const workspaceId = asWorkspaceId(ws.workspaceId);
    const interested = await app.db.events.listRecentByType(workspaceId, 'lead_tagged_interested');
    expect(interested).toHaveLength(1);
    expect(interested[0]).toMatchObject({
      id: eventId('lead_tagged_interested', lead.id),
      workspaceId: ws.workspaceId,
      data: {
        campaignId: campaign.id,
        leadId: lead.id,
        tag: 'interested',
        source: 'manual',
        lead: { id: lead.id, publicIdentifier: 'tagged', firstName: 'Ada', lastName: 'Lovelace' },
      },
    });
    expect(await app.db.events.listRecentByType(workspaceId, 'lead_meeting_booked')).toHaveLength(1);
    expect((await leadsOf(campaign.id)).leads[0]?.tags).toEqual(['interested', 'meeting_booked']);
  });

  it('shows the lead in the event as the lead list does: unknown names and URL are null, never ""', async () => {
    const campaign = await createCampaign(ws.api);
    await ws.api.post(`/v1/campaigns/${campaign.id}/leads`, { leads: [{ publicIdentifier: 'nameless' }] });
    const listed = (await leadsOf(campaign.id)).leads[0] as Lead;
    expect([listed.firstName, listed.lastName, listed.networkUrl]).toEqual([null, null, null]);

    await ws.api.post(`/v1/leads/${listed.id}/tags`, { tag: 'interested' });

    const events = await app.db.events.listRecentByType(
      asWorkspaceId(ws.workspaceId),
      'lead_tagged_interested',
    );
    const event = events.find((candidate) => candidate.data['leadId'] === listed.id);
    expect(event?.data['lead']).toEqual({
      id: listed.id,
      publicIdentifier: 'nameless',
      firstName: listed.firstName,
      lastName: listed.lastName,
      networkUrl: listed.networkUrl,
    });
  });

  it.each([
    ['matched', 'lead_status_matched'],
    ['discarded', 'lead_status_discarded'],
  ] as const)('fires %s as %s', async (tag, type) => {
    const campaign = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, [`tag-${tag}`]);
    const lead = (await leadsOf(campaign.id)).leads[0] as Lead;
    await ws.api.post(`/v1/leads/${lead.id}/tags`, { tag });
    const events = await app.db.events.listRecentByType(asWorkspaceId(ws.workspaceId), type);
    expect(events.some((event) => event.data['leadId'] === lead.id)).toBe(true);
  });

  it('refuses an unknown tag with 400 and an unknown lead with 404', async () => {
    const campaign = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, ['tag-errors']);
    const lead = (await leadsOf(campaign.id)).leads[0] as Lead;
    expect((await ws.api.post(`/v1/leads/${lead.id}/tags`, { tag: 'vip' })).status).toBe(400);
    expect((await ws.api.post(`/v1/leads/${unknownId('led')}/tags`, { tag: 'interested' })).status).toBe(404);
    expect((await leadsOf(campaign.id)).leads[0]?.tags).toEqual([]);
  });
});
