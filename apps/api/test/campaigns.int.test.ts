/**
 * Campaign endpoints: creation (defaults, the single-sender rule), listing, reading, updating and
 * the sequence view.
 */
import type { Campaign, CampaignDetail, CampaignPage, Sequence } from '@outreach/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createAccount,
  createCampaign,
  createCampaignWithSteps,
  createWorkspace,
  unknownId,
  useWorkspace,
} from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();

describe('POST /v1/campaigns', () => {
  const ws = useWorkspace(app);

  it('creates a draft campaign with the default settings and answers 201', async () => {
    const res = await ws.api.post<Campaign>('/v1/campaigns', { name: '  Fintech founders  ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Fintech founders',
      status: 'draft',
      progress: 0,
      settings: {
        timezone: 'UTC',
        workingHours: { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] },
        invitationTimeoutDays: 21,
      },
      customVariables: {},
      networkAccounts: [],
      analytics: { acceptanceRate: 0, responseRate: 0, totalLeads: 0 },
    });
    expect(Object.values(res.body.coreVariables).every(Boolean)).toBe(true);
  });

  it('keeps the given settings and variables', async () => {
    const res = await ws.api.post<Campaign>('/v1/campaigns', {
      name: 'Berlin',
      settings: {
        timezone: 'Europe/Berlin',
        workingHours: { start: '08:30', end: '17:00', days: [1, 2, 3] },
      },
      coreVariables: { phone: false },
      customVariables: { event: 'Money20/20' },
    });
    expect(res.status).toBe(201);
    expect(res.body.settings).toEqual({
      timezone: 'Europe/Berlin',
      workingHours: { start: '08:30', end: '17:00', days: [1, 2, 3] },
      invitationTimeoutDays: 21,
    });
    expect(res.body.coreVariables.phone).toBe(false);
    expect(res.body.coreVariables.firstName).toBe(true);
    expect(res.body.customVariables).toEqual({ event: 'Money20/20' });
  });

  it('refuses a blank name, an unknown time zone and a working day that ends before it starts', async () => {
    expect((await ws.api.post('/v1/campaigns', { name: '   ' })).status).toBe(400);
    expect(
      (await ws.api.post('/v1/campaigns', { name: 'x', settings: { timezone: 'Mars/Olympus' } })).status,
    ).toBe(400);
    const backwards = await ws.api.post('/v1/campaigns', {
      name: 'x',
      settings: { workingHours: { start: '18:00', end: '09:00', days: [1] } },
    });
    expect(backwards.status).toBe(400);
  });

  it('assigns the only sender account of the workspace automatically', async () => {
    const single = await createWorkspace(app);
    const account = await createAccount(single.api);
    const campaign = await createCampaign(single.api);
    expect(campaign.networkAccounts).toEqual([account.id]);
  });

  it('assigns nothing when the workspace has no or several sender accounts', async () => {
    const none = await createWorkspace(app);
    expect((await createCampaign(none.api)).networkAccounts).toEqual([]);
    const two = await createWorkspace(app);
    await createAccount(two.api);
    await createAccount(two.api);
    expect((await createCampaign(two.api)).networkAccounts).toEqual([]);
  });
});

describe('GET /v1/campaigns', () => {
  const ws = useWorkspace(app);
  beforeAll(async () => {
    for (const name of ['Alpha outreach', 'Beta outreach', 'Gamma follow-up'])
      await createCampaign(ws.api, { name });
  });

  it('lists the workspace campaigns newest first with the pagination envelope', async () => {
    const res = await ws.api.get<CampaignPage>('/v1/campaigns');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, offset: 0, limit: 50 });
    expect(res.body.items.map((c) => c.name)).toEqual(['Gamma follow-up', 'Beta outreach', 'Alpha outreach']);
  });

  it('pages with offset and limit', async () => {
    const res = await ws.api.get<CampaignPage>('/v1/campaigns?offset=1&limit=1');
    expect(res.body).toMatchObject({ total: 3, offset: 1, limit: 1 });
    expect(res.body.items.map((c) => c.name)).toEqual(['Beta outreach']);
  });

  it('filters by status and by a case-insensitive name search', async () => {
    const search = await ws.api.get<CampaignPage>('/v1/campaigns?search=OUTREACH');
    expect(search.body.total).toBe(2);
    const drafts = await ws.api.get<CampaignPage>('/v1/campaigns?status=draft');
    expect(drafts.body.total).toBe(3);
    const active = await ws.api.get<CampaignPage>('/v1/campaigns?status=active');
    expect(active.body).toMatchObject({ total: 0, items: [] });
  });

  it('refuses a limit over 100, a negative offset, an unknown status and an unknown parameter', async () => {
    for (const query of ['limit=101', 'limit=0', 'offset=-1', 'status=running', 'colour=red', 'limit=ten']) {
      const res = await ws.api.get(`/v1/campaigns?${query}`);
      expect(res.status, query).toBe(400);
    }
  });
});

describe('GET and PATCH /v1/campaigns/{id}', () => {
  const ws = useWorkspace(app);
  let campaign: Campaign;
  beforeAll(async () => {
    ({ campaign } = await createCampaignWithSteps(ws.api, ['invitation', { type: 'message', delay: 2 }], {
      name: 'Detail',
    }));
  });

  it('answers the campaign with its whole sequence', async () => {
    const res = await ws.api.get<CampaignDetail>(`/v1/campaigns/${campaign.id}`);
    expect(res.status).toBe(200);
    expect(res.body.steps.map((s) => [s.type, s.order, s.delay])).toEqual([
      ['invitation', 0, 0],
      ['message', 1, 2],
    ]);
    expect(res.body.steps[0]?.variants).toBeUndefined();
    expect(res.body.steps[1]?.variants).toHaveLength(1);
  });

  it('answers 404 for an unknown campaign', async () => {
    const res = await ws.api.get(`/v1/campaigns/${unknownId('cmp')}`);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, code: 'campaign_not_found' });
    expect((await ws.api.get('/v1/campaigns/not-even-an-id')).status).toBe(404);
  });

  it('updates the name, merges settings and core variables, and replaces custom variables', async () => {
    await ws.api.patch(`/v1/campaigns/${campaign.id}`, { customVariables: { a: '1', b: '2' } });
    const res = await ws.api.patch<Campaign>(`/v1/campaigns/${campaign.id}`, {
      name: 'Renamed',
      settings: { invitationTimeoutDays: 10 },
      coreVariables: { email: false },
      customVariables: { b: '3' },
    });
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('Renamed');
    expect(res.body.settings).toMatchObject({ timezone: 'UTC', invitationTimeoutDays: 10 });
    expect(res.body.coreVariables).toMatchObject({ email: false, firstName: true });
    expect(res.body.customVariables).toEqual({ b: '3' });
  });

  it('refuses an empty update and answers 404 for an unknown campaign', async () => {
    expect((await ws.api.patch(`/v1/campaigns/${campaign.id}`, {})).status).toBe(400);
    expect((await ws.api.patch(`/v1/campaigns/${unknownId('cmp')}`, { name: 'x' })).status).toBe(404);
  });

  it('lists the sequence with variants as messages, without stepId', async () => {
    const res = await ws.api.get<Sequence>(`/v1/campaigns/${campaign.id}/sequence`);
    expect(res.status).toBe(200);
    expect(res.body.campaignId).toBe(campaign.id);
    expect(res.body.campaignName).toBe('Renamed');
    expect(res.body.steps[0]?.messages).toEqual([]);
    expect(res.body.steps[1]?.messages[0]).toEqual({
      id: expect.stringMatching(/^var_/),
      body: '',
      order: 0,
      isDisabled: false,
      icpDefinitionRaw: null,
      aiTools: [],
    });
    expect((await ws.api.get(`/v1/campaigns/${unknownId('cmp')}/sequence`)).status).toBe(404);
  });
});
