/**
 * The campaign state machine (start and pause, with every refusal of the spec) and the assignment
 * of sender accounts with the redistribution of leads.
 */
import type { Campaign, CampaignDetail } from '@outreach/contract';
import { asWorkspaceId } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import { addLeads, createAccount, createCampaign, unknownId, useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();

describe('start and pause', () => {
  const ws = useWorkspace(app);

  async function statusOf(id: string): Promise<string> {
    return (await ws.api.get<CampaignDetail>(`/v1/campaigns/${id}`)).body.status;
  }

  it('refuses to start a campaign without a connected sender with 409', async () => {
    const campaign = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, ['ada']);
    const res = await ws.api.put(`/v1/campaigns/${campaign.id}/start`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'no_connected_sender' });
    expect(await statusOf(campaign.id)).toBe('draft');
  });

  it('refuses to start a campaign without leads with 409', async () => {
    const account = await createAccount(ws.api);
    const campaign = await createCampaign(ws.api);
    await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [account.id] });
    const res = await ws.api.put(`/v1/campaigns/${campaign.id}/start`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'no_leads' });
    expect(await statusOf(campaign.id)).toBe('draft');
  });

  it('refuses to start with a sender that is disconnected', async () => {
    const account = await createAccount(ws.api);
    const campaign = await createCampaign(ws.api);
    await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [account.id] });
    await addLeads(ws.api, campaign.id, ['grace']);
    await app.db.senderAccounts.setStatus(
      asWorkspaceId(ws.workspaceId),
      account.id,
      'disconnected',
      'session_expired',
    );
    const res = await ws.api.put(`/v1/campaigns/${campaign.id}/start`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'no_connected_sender' });
  });

  it('starts a draft, pauses it, starts it again, and refuses to start an active one or pause a paused one', async () => {
    const account = await createAccount(ws.api);
    const campaign = await createCampaign(ws.api);
    await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [account.id] });
    await addLeads(ws.api, campaign.id, ['linus']);

    const started = await ws.api.put(`/v1/campaigns/${campaign.id}/start`);
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({ success: true });
    expect(await statusOf(campaign.id)).toBe('active');

    const again = await ws.api.put(`/v1/campaigns/${campaign.id}/start`);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'campaign_not_startable' });

    const paused = await ws.api.put<Campaign>(`/v1/campaigns/${campaign.id}/pause`);
    expect(paused.status).toBe(200);
    expect(paused.body.status).toBe('paused');

    const pausedAgain = await ws.api.put(`/v1/campaigns/${campaign.id}/pause`);
    expect(pausedAgain.status).toBe(409);
    expect(pausedAgain.body).toMatchObject({ code: 'campaign_not_active' });

    expect((await ws.api.put(`/v1/campaigns/${campaign.id}/start`)).status).toBe(200);
    expect(await statusOf(campaign.id)).toBe('active');
  });

  it('refuses to pause a draft with 409 and to start or pause an unknown campaign with 404', async () => {
    const campaign = await createCampaign(ws.api);
    expect((await ws.api.put(`/v1/campaigns/${campaign.id}/pause`)).status).toBe(409);
    expect((await ws.api.put(`/v1/campaigns/${unknownId('cmp')}/pause`)).status).toBe(404);
    expect((await ws.api.put(`/v1/campaigns/${unknownId('cmp')}/start`)).status).toBe(404);
  });

  it('refuses to start a completed campaign with 409', async () => {
    const account = await createAccount(ws.api);
    const campaign = await createCampaign(ws.api);
    await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [account.id] });
    await addLeads(ws.api, campaign.id, ['margaret']);
    await ws.api.put(`/v1/campaigns/${campaign.id}/start`);
    await app.db.campaigns.transitionStatus(asWorkspaceId(ws.workspaceId), campaign.id, {
      from: ['active'],
      to: 'completed',
    });
    const res = await ws.api.put(`/v1/campaigns/${campaign.id}/start`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'campaign_not_startable' });
  });
});

describe('POST /v1/campaigns/{campaignId}/senders', () => {
  const ws = useWorkspace(app);

  it('assigns accounts and spreads the leads that have not started evenly over them', async () => {
    const [first, second] = [await createAccount(ws.api), await createAccount(ws.api)];
    const campaign = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, ['l1', 'l2', 'l3', 'l4']);
    const one = await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [first.id] });
    expect(one.status).toBe(200);
    const leads = await app.db.leads.list(asWorkspaceId(ws.workspaceId), campaign.id);
    expect(leads.items.every((lead) => lead.accountId === first.id)).toBe(true);

    await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [second.id, first.id] });
    const detail = await ws.api.get<CampaignDetail>(`/v1/campaigns/${campaign.id}`);
    expect([...detail.body.networkAccounts].sort()).toEqual([first.id, second.id].sort());
    const spread = await app.db.leads.list(asWorkspaceId(ws.workspaceId), campaign.id);
    const perAccount = new Map<string | null, number>();
    for (const lead of spread.items)
      perAccount.set(lead.accountId, (perAccount.get(lead.accountId) ?? 0) + 1);
    expect(perAccount.get(first.id)).toBe(2);
    expect(perAccount.get(second.id)).toBe(2);
  });

  it('answers 404 naming unknown account ids and assigns nothing', async () => {
    const account = await createAccount(ws.api);
    const campaign = await createCampaign(ws.api);
    const missing = unknownId('acc');
    const res = await ws.api.post<{ message: string; details: unknown }>(
      `/v1/campaigns/${campaign.id}/senders`,
      {
        accountIds: [account.id, missing],
      },
    );
    expect(res.status).toBe(404);
    expect(res.body.message).toContain(missing);
    expect(res.body.details).toEqual({ missingIds: [missing] });
    const detail = await ws.api.get<CampaignDetail>(`/v1/campaigns/${campaign.id}`);
    expect(detail.body.networkAccounts).toEqual([]);
  });

  it('answers 422 for an account that is not authenticated or not active, and assigns nothing', async () => {
    const ready = await createAccount(ws.api);
    const expired = await createAccount(ws.api);
    const idle = await createAccount(ws.api);
    const workspaceId = asWorkspaceId(ws.workspaceId);
    await app.db.senderAccounts.update(workspaceId, expired.id, { authenticated: false });
    await app.db.senderAccounts.update(workspaceId, idle.id, { active: false });
    const campaign = await createCampaign(ws.api);
    for (const bad of [expired.id, idle.id]) {
      const res = await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [ready.id, bad] });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'account_not_usable' });
    }
    expect((await ws.api.get<CampaignDetail>(`/v1/campaigns/${campaign.id}`)).body.networkAccounts).toEqual(
      [],
    );
  });

  it('refuses an empty list or more than 1000 ids with 400, and an unknown campaign with 404', async () => {
    const campaign = await createCampaign(ws.api);
    expect((await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [] })).status).toBe(400);
    const many = Array.from({ length: 1001 }, (_, i) => `acc_${String(i).padStart(24, '0')}`);
    expect((await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: many })).status).toBe(
      400,
    );
    const account = await createAccount(ws.api);
    const res = await ws.api.post(`/v1/campaigns/${unknownId('cmp')}/senders`, { accountIds: [account.id] });
    expect(res.status).toBe(404);
  });
});
