/**
 * Workspace isolation: a second workspace calling every route that takes an id of the first
 * workspace's records (in the path or in the body) gets 404, as for a missing record, and nothing
 * of the first workspace changes.
 */
import type { BlockedLead, Conversation, ConversationPage, StepList } from '@outreach/contract';
import { asWorkspaceId } from '@outreach/db';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addLeads,
  createAccount,
  createCampaign,
  createCampaignWithSteps,
  seedConversation,
  useWorkspace,
} from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();
const owner = useWorkspace(app, 'pro', 'Owner');
const intruder = useWorkspace(app, 'agency', 'Intruder');
const ids = {
  campaign: '',
  step: '',
  variant: '',
  lead: '',
  account: '',
  block: '',
  campaignBlock: '',
  urn: '',
  intruderCampaign: '',
};

/** Everything the owner can read about its records, to compare before and after. */
async function snapshot(): Promise<unknown> {
  const urn = encodeURIComponent(ids.urn);
  const reads = [
    `/v1/campaigns/${ids.campaign}`,
    `/v1/campaigns/${ids.campaign}/leads`,
    `/v1/campaigns/${ids.campaign}/sequence`,
    `/v1/campaigns/${ids.campaign}/blocked-leads`,
    '/v1/blocked-leads',
    `/v1/accounts/${ids.account}`,
    `/v1/accounts/${ids.account}/limits`,
    `/v1/conversations/${urn}`,
    '/v1/hooks',
  ];
  const bodies = await Promise.all(reads.map(async (path) => (await owner.api.get(path)).body));
  const events = await app.db.events.listRecentByType(
    asWorkspaceId(owner.workspaceId),
    'lead_tagged_interested',
  );
  return { bodies, events };
}

beforeAll(async () => {
  const account = await createAccount(owner.api);
  const { campaign, steps } = await createCampaignWithSteps(owner.api, ['invitation', 'message']);
  await addLeads(owner.api, campaign.id, ['owned-lead']);
  await owner.api.post('/v1/blocked-leads', { leads: [{ publicIdentifier: 'owned-block' }] });
  await owner.api.post(`/v1/campaigns/${campaign.id}/blocked-leads`, {
    publicIdentifiers: ['owned-campaign-block'],
  });
  await owner.api.post('/v1/hooks/subscribe', {
    url: 'https://owner.example/hook',
    type: 'message_received',
  });
  const workspaceId = asWorkspaceId(owner.workspaceId);
  const lead = (await app.db.leads.list(workspaceId, campaign.id)).items[0];
  if (!lead) throw new Error('lead missing');
  const conversation = await seedConversation(
    app.db,
    owner.workspaceId,
    { leadId: lead.id, campaignId: campaign.id, accountId: account.id },
    [{ sender: 'lead', content: 'Hi', sentAt: new Date() }],
  );

  ids.campaign = campaign.id;
  ids.step = (steps as StepList['steps'])[1]?.id as string;
  ids.variant = (steps as StepList['steps'])[1]?.variants?.[0]?.id as string;
  ids.lead = lead.id;
  ids.account = account.id;
  ids.block = ((await owner.api.get<BlockedLead[]>('/v1/blocked-leads')).body[0] as BlockedLead).id;
  ids.campaignBlock = (
    (await owner.api.get<BlockedLead[]>(`/v1/campaigns/${campaign.id}/blocked-leads`)).body[0] as BlockedLead
  ).id;
  ids.urn = conversation.conversationUrn;
  ids.intruderCampaign = (await createCampaign(intruder.api)).id;
});

describe('a second workspace', () => {
  it('gets 404 on every route that takes an id of another workspace, and changes nothing', async () => {
    const before = await snapshot();
    const campaign = `/v1/campaigns/${ids.campaign}`;
    const step = `${campaign}/steps/${ids.step}`;
    const variant = `${step}/variants/${ids.variant}`;
    const urn = `/v1/conversations/${encodeURIComponent(ids.urn)}`;
    const own = `/v1/campaigns/${ids.intruderCampaign}`;
    const attempts: Array<[string, string, unknown]> = [
      ['GET', campaign, undefined],
      ['PATCH', campaign, { name: 'Hijacked' }],
      ['PUT', `${campaign}/pause`, undefined],
      ['PUT', `${campaign}/start`, undefined],
      ['POST', `${campaign}/senders`, { accountIds: [ids.account] }],
      ['GET', `${campaign}/leads`, undefined],
      ['POST', `${campaign}/leads`, { leads: [{ publicIdentifier: 'planted' }] }],
      ['DELETE', `${campaign}/leads`, [ids.lead]],
      ['GET', `${campaign}/sequence`, undefined],
      ['GET', `${campaign}/analytics`, undefined],
      ['GET', `${campaign}/blocked-leads`, undefined],
      ['POST', `${campaign}/blocked-leads`, { publicIdentifiers: ['planted'] }],
      ['DELETE', `${campaign}/blocked-leads`, [ids.campaignBlock]],
      ['POST', `${campaign}/steps`, { order: 0, type: 'visit_profile' }],
      ['PUT', step, { delay: 9 }],
      ['DELETE', step, undefined],
      ['POST', `${step}/variants`, { body: 'planted' }],
      ['PUT', variant, { body: 'planted' }],
      ['DELETE', variant, undefined],
      ['PUT', `/v1/leads/${ids.lead}/status`, { status: 'paused' }],
      ['POST', `/v1/leads/${ids.lead}/tags`, { tag: 'interested' }],
      ['GET', `/v1/accounts/${ids.account}`, undefined],
      ['GET', `/v1/accounts/${ids.account}/limits`, undefined],
      ['PATCH', `/v1/accounts/${ids.account}/limits`, { messagesPerDay: 1 }],
      ['GET', urn, undefined],
      ['POST', `${urn}/mark-read`, undefined],
      ['POST', `${urn}/messages`, { content: 'planted' }],
      // Ids of the other workspace sent in a body, on the intruder's own records.
      ['POST', `${own}/senders`, { accountIds: [ids.account] }],
      ['DELETE', `${own}/leads`, [ids.lead]],
      ['DELETE', `${own}/blocked-leads`, [ids.campaignBlock]],
      ['DELETE', '/v1/blocked-leads', [ids.block]],
      ['DELETE', '/v1/hooks/unsubscribe', { url: 'https://owner.example/hook', type: 'message_received' }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await intruder.api.request(method, path, body === undefined ? {} : { json: body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body, `${method} ${path}`).toMatchObject({ statusCode: 404, message: expect.any(String) });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('sees none of the other workspace records in its lists and filters', async () => {
    const lists = ['/v1/campaigns', '/v1/accounts', '/v1/conversations', '/v1/hooks'];
    for (const path of lists) {
      const res = await intruder.api.get<{ items: Array<{ id?: string }> }>(path);
      expect(JSON.stringify(res.body), path).not.toContain(ids.campaign);
      expect(JSON.stringify(res.body), path).not.toContain(ids.account);
    }
    const filtered = await intruder.api.get<ConversationPage>(`/v1/conversations?campaignId=${ids.campaign}`);
    expect(filtered.body.total).toBe(0);
    expect((await intruder.api.get('/v1/blocked-leads')).headers.get('x-total-count')).toBe('0');
    const perform = await intruder.api.get<Array<{ workspaceId: string }>>(
      '/v1/hooks/perform-list?type=message_received',
    );
    expect(perform.body.every((event) => event.workspaceId === intruder.workspaceId)).toBe(true);
  });

  it('leaves the owner able to use everything it owns', async () => {
    const conversation = await owner.api.get<Conversation>(
      `/v1/conversations/${encodeURIComponent(ids.urn)}`,
    );
    expect(conversation.body.unread).toBe(true);
    expect((await owner.api.put(`/v1/campaigns/${ids.campaign}/pause`)).status).toBe(409);
  });
});
