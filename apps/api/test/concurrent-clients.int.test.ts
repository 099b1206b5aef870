/**
 * Conflicting requests fired at the same instant over HTTP, as integrators retrying, users
 * double-clicking and side-by-side instances do: every operation must give the answers and leave
 * the state that some one-by-one order of the same requests would. Each race runs several rounds,
 * since one that shows once in three runs is still a race.
 */
import type {
  BlockedLead,
  CampaignDetail,
  CampaignLeadPage,
  Conversation,
  SuccessMessage,
} from '@outreach/contract';
import { asWorkspaceId } from '@outreach/db';
import { leadStatusSetByUser, type LeadInternalStatus, type LeadStatus } from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import type { ApiResponse } from './support/api-client.js';
import {
  addLeads,
  createAccount,
  createCampaign,
  seedConversation,
  useWorkspace,
} from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp({ webhookTargets: 'any' });
const ws = useWorkspace(app, 'agency');
const ROUNDS = 5;

const together = <T>(count: number, request: (n: number) => Promise<T>): Promise<T[]> =>
  Promise.all(Array.from({ length: count }, (_, n) => request(n)));

describe('subscribing and unsubscribing one webhook at once', () => {
  it('answers each request as one order of them would, never 500', async () => {
    const hook = { url: 'https://hooks.example.com/race', type: 'message_received' };
    for (let round = 0; round < ROUNDS * 4; round += 1) {
      const answers = await together(16, (n) =>
        n % 2 === 0 ? ws.api.post('/v1/hooks/subscribe', hook) : ws.api.delete('/v1/hooks/unsubscribe', hook),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => ![200, 201, 404].includes(s))).toEqual([]);
    }
  });
});

describe('starting and pausing one campaign at once', () => {
  it('answers the losers with the documented refusal of the status they found', async () => {
    const account = await createAccount(ws.api);
    const campaign = await createCampaign(ws.api);
    await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [account.id] });
    await addLeads(ws.api, campaign.id, ['race-lead']);
    for (let round = 0; round < ROUNDS * 2; round += 1) {
      const answers = await together(12, (n) =>
        ws.api.put(`/v1/campaigns/${campaign.id}/${n % 2 === 0 ? 'start' : 'pause'}`),
      );
      for (const answer of answers.filter((a) => a.status !== 200)) {
        expect(answer.status).toBe(409);
        const { code, message } = answer.body as { code: string; message: string };
        expect(['campaign_not_startable', 'campaign_not_active']).toContain(code);
        // The refusal names the status that refused it, never the one it wanted.
        const found = /campaign is (\w+)/.exec(message)?.[1];
        expect(
          code === 'campaign_not_active' ? found !== 'active' : !['paused', 'draft'].includes(found ?? ''),
        ).toBe(true);
      }
    }
  });
});

describe('unblocking the same blocks at once', () => {
  it('removes them for exactly one request; the others get 404, never 200 with nothing removed', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const identifiers = [`unblock-${round}-a`, `unblock-${round}-b`];
      await ws.api.post('/v1/blocked-leads', {
        leads: identifiers.map((publicIdentifier) => ({ publicIdentifier })),
      });
      const listed = await ws.api.get<BlockedLead[]>(`/v1/blocked-leads?search=unblock-${round}-`);
      const ids = listed.body.map((block) => block.id);
      expect(ids).toHaveLength(2);
      const answers = await together(8, () => ws.api.delete('/v1/blocked-leads', ids));
      expect(answers.filter((a) => a.status === 200).map((a) => a.body)).toEqual([
        expect.objectContaining({ unblocked: 2 }),
      ]);
      expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual(Array(7).fill(404));
    }
  });
});

describe('unblocking overlapping sets of blocks at once', () => {
  it('removes them for one request whatever order it names them in; the rest get 404', async () => {
    for (let round = 0; round < 6; round += 1) {
      await ws.api.post('/v1/blocked-leads', {
        leads: ['a', 'b'].map((name) => ({ publicIdentifier: `overlap-${round}-${name}` })),
      });
      const listed = await ws.api.get<BlockedLead[]>(`/v1/blocked-leads?search=overlap-${round}-&sort=ASC`);
      const [a, b] = listed.body.map((block) => block.id);
      if (!a || !b) throw new Error('blocks missing');
      // Requests naming an unknown block alongside b hold b for a moment and then give up: they
      // must not make the requests that can succeed fail.
      const bodies = [
        [b, 'blk_unknown'],
        [a, b],
        [b, a],
        ['blk_unknown', b],
        [a, b],
        [b, a],
      ];
      // Each round sends them in another order.
      const shift = round % bodies.length;
      const sent = [...bodies.slice(shift), ...bodies.slice(0, shift)];
      const answers = await together(sent.length, (n) => ws.api.delete('/v1/blocked-leads', sent[n]));
      const succeeded = answers.filter((answer) => answer.status === 200);
      expect(succeeded.map((answer) => answer.body)).toEqual([expect.objectContaining({ unblocked: 2 })]);
      expect(answers.filter((answer) => answer.status !== 200).map((a) => a.status)).toEqual(
        Array(5).fill(404),
      );
      expect((await ws.api.get<BlockedLead[]>(`/v1/blocked-leads?search=overlap-${round}-`)).body).toEqual(
        [],
      );
    }
  });
});

describe('removing the same leads at once', () => {
  it('deletes them for one request; the others get 404 and the campaign counts them once', async () => {
    const workspaceId = asWorkspaceId(ws.workspaceId);
    for (let round = 0; round < ROUNDS; round += 1) {
      const campaign = await createCampaign(ws.api);
      await addLeads(
        ws.api,
        campaign.id,
        Array.from({ length: 6 }, (_, n) => `removed-${round}-${n}`),
      );
      // The detail answers from the counters kept on write from here on.
      await app.db.campaignCounters.recount(workspaceId, campaign.id);
      await app.db.campaignCounters.markMaintained(workspaceId, campaign.id);
      const leads = (await ws.api.get<CampaignLeadPage>(`/v1/campaigns/${campaign.id}/leads`)).body.leads;
      const [a, b, c] = leads.map((lead) => lead.id);
      const bodies = [
        [a, b, c],
        [c, b, a],
        [b, a, c],
        [a, b, c],
        [c, a, b],
        [b, c, a],
      ];
      const answers = await together(bodies.length, (n) =>
        ws.api.delete(`/v1/campaigns/${campaign.id}/leads`, bodies[n]),
      );
      expect(answers.filter((a) => a.status === 200).map((a) => a.body)).toEqual([
        expect.objectContaining({ deleted: 3 }),
      ]);
      expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual(Array(5).fill(404));
      const detail = (await ws.api.get<CampaignDetail>(`/v1/campaigns/${campaign.id}`)).body;
      expect(detail.analytics.totalLeads).toBe(3);
      expect((await app.db.campaignCounters.recount(workspaceId, campaign.id)).differences).toEqual([]);
    }
  });
});

describe('assigning senders at once', () => {
  it('spreads the leads evenly over every sender and answers with the senders it spread over', async () => {
    for (let round = 0; round < ROUNDS - 2; round += 1) {
      const campaign = await createCampaign(ws.api);
      const accounts = await together(6, () => createAccount(ws.api));
      const first = accounts[0];
      if (!first) throw new Error('no account');
      await ws.api.post(`/v1/campaigns/${campaign.id}/senders`, { accountIds: [first.id] });
      await addLeads(
        ws.api,
        campaign.id,
        Array.from({ length: 60 }, (_, n) => `spread-${round}-${n}`),
      );
      const answers = await together(6, (n) =>
        ws.api.post<SuccessMessage>(`/v1/campaigns/${campaign.id}/senders`, {
          accountIds: [accounts[n]?.id],
        }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      const workspaceId = asWorkspaceId(ws.workspaceId);
      const senders = (await app.db.campaigns.get(workspaceId, campaign.id))?.networkAccounts ?? [];
      // The six, and the workspace's first account when the campaign was given it on creation.
      expect(senders.length).toBeGreaterThanOrEqual(6);
      const leads = (await app.db.leads.list(workspaceId, campaign.id, { limit: 100 })).items;
      const perSender = new Map<string | null, number>();
      for (const lead of leads) perSender.set(lead.accountId, (perSender.get(lead.accountId) ?? 0) + 1);
      expect([...perSender.keys()].sort()).toEqual([...senders].sort());
      const counts = [...perSender.values()];
      expect(Math.max(...counts) - Math.min(...counts)).toBeLessThanOrEqual(1);
      // The request answered last spread over the full list, and says so.
      const full = `the campaign has ${senders.length} senders`;
      expect(answers.some((a) => a.body.message.includes(full))).toBe(true);
    }
  });
});

describe('replies written together in one conversation', () => {
  it('go out one at a time in the order they were accepted, and are listed so', async () => {
    const account = await createAccount(ws.api);
    const campaign = await createCampaign(ws.api);
    await addLeads(ws.api, campaign.id, ['chatty']);
    const workspaceId = asWorkspaceId(ws.workspaceId);
    const [lead] = (await app.db.leads.list(workspaceId, campaign.id)).items;
    if (!lead) throw new Error('lead missing');
    const conversation = await seedConversation(app.db, ws.workspaceId, {
      leadId: lead.id,
      campaignId: campaign.id,
      accountId: account.id,
    });
    const path = `/v1/conversations/${encodeURIComponent(conversation.conversationUrn)}`;
    const accepted = await together(10, (n) => ws.api.post(`${path}/messages`, { content: `reply ${n}` }));
    expect(accepted.map((a) => a.status)).toEqual(Array(10).fill(201));
    const queued = (await ws.api.get<Conversation>(path)).body.messages.map((message) => message.content);
    // Several runner workers claim at once: only the reply at the head of the queue goes out,
    // and the next only once it is sent.
    const sentOrder: string[] = [];
    for (let n = 0; n < 10; n += 1) {
      const lease = { owner: `runner-${n}`, now: new Date(Date.now() + 60_000), leaseMs: 60_000 };
      const claimed = (await together(5, () => app.db.messages.claimQueuedAcrossWorkspaces(lease))).filter(
        (message) => message !== null,
      );
      expect(claimed).toHaveLength(1);
      const [message] = claimed;
      if (!message) throw new Error('no reply claimed');
      sentOrder.push(message.content);
      await app.db.messages.markSent(workspaceId, message.id, lease.owner, { sentAt: new Date() });
    }
    expect(sentOrder).toEqual(queued);
    const history = (await ws.api.get<Conversation>(path)).body.messages.map((message) => message.content);
    expect(history).toEqual(queued);
  });
});

describe('setting one lead to several statuses at once', () => {
  it('ends in a state one order of the requests would leave, error keeping a real reason', async () => {
    const campaign = await createCampaign(ws.api);
    const statuses: LeadStatus[] = ['paused', 'completed', 'error'];
    const reachable = serialOutcomes({ status: 'waiting', internalStatus: 'queued' }, statuses);
    for (let round = 0; round < ROUNDS * 2; round += 1) {
      await addLeads(ws.api, campaign.id, [`status-race-${round}`]);
      const leads = (await app.db.leads.list(asWorkspaceId(ws.workspaceId), campaign.id, { limit: 100 }))
        .items;
      const lead = leads.find((l) => l.publicIdentifier === `status-race-${round}`);
      if (!lead) throw new Error('lead missing');
      const answers: ApiResponse[] = await together(statuses.length, (n) =>
        ws.api.put(`/v1/leads/${lead.id}/status`, { status: statuses[n] }),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(statuses.length).fill(200));
      const after = await app.db.leads.get(asWorkspaceId(ws.workspaceId), lead.id);
      expect(reachable).toContain(`${after?.status}/${after?.internalStatus}`);
    }
  });
});

/** Every final `status/internalStatus` some one-by-one order of `requests` leaves. */
function serialOutcomes(
  start: { status: LeadStatus; internalStatus: LeadInternalStatus },
  requests: readonly LeadStatus[],
): string[] {
  if (requests.length === 0) return [`${start.status}/${start.internalStatus}`];
  return requests.flatMap((request, n) =>
    serialOutcomes(
      leadStatusSetByUser(start, request),
      requests.filter((_, m) => m !== n),
    ),
  );
}
