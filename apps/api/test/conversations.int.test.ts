/**
 * Conversations: the list with its filters, one conversation with its history, mark-read (only
 * inside the service, idempotent) and replies queued for the runner to send.
 */
import type { Conversation, ConversationPage, Message, SenderAccount } from '@outreach/contract';
import {
  asWorkspaceId,
  LAST_MESSAGE_PREVIEW_LENGTH,
  type Conversation as StoredConversation,
} from '@outreach/db';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addLeads,
  createAccount,
  createCampaign,
  createWorkspace,
  seedConversation,
  useWorkspace,
} from './support/fixtures.js';
import { recordingDb, type DbCall } from './support/db-spy.js';
import { startTestApp, useTestApp } from './support/test-app.js';

const app = useTestApp();
const ws = useWorkspace(app);
let account: SenderAccount;
let campaignId: string;
let otherCampaignId: string;
let talkative: StoredConversation;
let quiet: StoredConversation;

const path = (conversation: { conversationUrn: string }, suffix = '') =>
  `/v1/conversations/${encodeURIComponent(conversation.conversationUrn)}${suffix}`;

beforeAll(async () => {
  account = await createAccount(ws.api);
  const campaign = await createCampaign(ws.api);
  const other = await createCampaign(ws.api);
  campaignId = campaign.id;
  otherCampaignId = other.id;
  await addLeads(ws.api, campaign.id, ['talkative']);
  await addLeads(ws.api, other.id, ['quiet']);
  const workspaceId = asWorkspaceId(ws.workspaceId);
  const [lead] = (await app.db.leads.list(workspaceId, campaign.id)).items;
  const [otherLead] = (await app.db.leads.list(workspaceId, other.id)).items;
  if (!lead || !otherLead) throw new Error('leads missing');
  talkative = await seedConversation(
    app.db,
    ws.workspaceId,
    { leadId: lead.id, campaignId: campaign.id, accountId: account.id },
    [
      {
        sender: 'account',
        content: 'Hi Ada, thanks for connecting!',
        sentAt: new Date('2025-06-02T09:00:00Z'),
      },
      {
        sender: 'lead',
        content: 'Happy to talk next week.',
        sentAt: new Date('2025-06-02T10:00:00Z'),
        externalId: 'net-msg-1',
      },
    ],
  );
  quiet = await seedConversation(
    app.db,
    ws.workspaceId,
    { leadId: otherLead.id, campaignId: other.id, accountId: account.id },
    [{ sender: 'account', content: 'Hello!', sentAt: new Date('2025-06-01T09:00:00Z') }],
  );
});

describe('GET /v1/conversations', () => {
  it('lists conversations with the latest activity first, with lead and last message', async () => {
    const res = await ws.api.get<ConversationPage>('/v1/conversations');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, offset: 0, limit: 50 });
    const [first, second] = res.body.items;
    expect(first).toMatchObject({
      conversationUrn: talkative.conversationUrn,
      campaignId,
      accountId: account.id,
      unread: true,
      lastMessageAt: '2025-06-02T10:00:00.000Z',
      lead: { publicIdentifier: 'talkative', firstName: 'Ada', lastName: 'Lovelace', networkUrl: null },
      lastMessage: { content: 'Happy to talk next week.', sender: 'lead', status: 'sent' },
    });
    expect(second).toMatchObject({ conversationUrn: quiet.conversationUrn, unread: false });
  });

  it('filters by campaign, account and unread, and pages', async () => {
    const byCampaign = await ws.api.get<ConversationPage>(`/v1/conversations?campaignId=${otherCampaignId}`);
    expect(byCampaign.body.items.map((c) => c.conversationUrn)).toEqual([quiet.conversationUrn]);
    const byAccount = await ws.api.get<ConversationPage>(`/v1/conversations?accountId=${account.id}`);
    expect(byAccount.body.total).toBe(2);
    const unread = await ws.api.get<ConversationPage>('/v1/conversations?unread=true');
    expect(unread.body.items.map((c) => c.conversationUrn)).toEqual([talkative.conversationUrn]);
    const read = await ws.api.get<ConversationPage>('/v1/conversations?unread=false');
    expect(read.body.items.map((c) => c.conversationUrn)).toEqual([quiet.conversationUrn]);
    const paged = await ws.api.get<ConversationPage>('/v1/conversations?offset=1&limit=1');
    expect(paged.body.items).toHaveLength(1);
    expect((await ws.api.get('/v1/conversations?unread=yes')).status).toBe(400);
  });
});

describe('conversation summaries', () => {
  it('shows each last message from the conversation itself, reading no history', async () => {
    const calls: DbCall[] = [];
    const counted = await startTestApp({ wrapDb: (db) => recordingDb(db, calls) });
    try {
      const own = await createWorkspace(counted);
      const sender = await createAccount(own.api);
      const campaign = await createCampaign(own.api);
      await addLeads(own.api, campaign.id, ['long-writer', 'short-writer']);
      const workspaceId = asWorkspaceId(own.workspaceId);
      const long = 'z'.repeat(LAST_MESSAGE_PREVIEW_LENGTH + 20);
      for (const [index, lead] of (await counted.db.leads.list(workspaceId, campaign.id)).items.entries()) {
        await seedConversation(
          counted.db,
          own.workspaceId,
          { leadId: lead.id, campaignId: campaign.id, accountId: sender.id },
          [
            {
              sender: 'lead',
              content: index === 0 ? long : 'short',
              sentAt: new Date(Date.UTC(2025, 5, 2, 10 + index)),
            },
          ],
        );
      }

      calls.length = 0;
      const res = await own.api.get<ConversationPage>('/v1/conversations');
      // Besides authentication and rate limiting: the page, and the leads it shows.
      const reads = calls
        .map((call) => call.method)
        .filter((method) => !/^(apiKeys|rateLimits)\./.test(method));
      expect(reads.sort()).toEqual(['conversations.list', 'leads.getMany']);
      expect(res.body.items.map((c) => [c.lead.publicIdentifier, c.lastMessage?.content])).toEqual([
        ['short-writer', 'short'],
        ['long-writer', 'z'.repeat(LAST_MESSAGE_PREVIEW_LENGTH)],
      ]);
    } finally {
      await counted.close();
    }
  });

  it('answers the account a conversation is held through, even when its lead has no sender', async () => {
    const own = await createWorkspace(app);
    // Two accounts and none assigned: the campaign's leads have no sender.
    await createAccount(own.api);
    const through = await createAccount(own.api);
    const campaign = await createCampaign(own.api);
    await addLeads(own.api, campaign.id, ['unassigned']);
    const workspaceId = asWorkspaceId(own.workspaceId);
    const [lead] = (await app.db.leads.list(workspaceId, campaign.id)).items;
    expect(lead?.accountId).toBeNull();
    const conversation = await seedConversation(
      app.db,
      own.workspaceId,
      { leadId: lead?.id ?? '', campaignId: campaign.id, accountId: through.id },
      [{ sender: 'lead', content: 'Hello?', sentAt: new Date('2025-06-02T10:00:00Z') }],
    );
    expect((await own.api.get<Conversation>(path(conversation))).body.accountId).toBe(through.id);
    const listed = await own.api.get<ConversationPage>('/v1/conversations');
    expect(listed.body.items.map((c) => c.accountId)).toEqual([through.id]);
  });
});

describe('GET /v1/conversations/{conversationUrn}', () => {
  it('answers the conversation with the full lead and the history oldest first', async () => {
    const res = await ws.api.get<Conversation>(path(talkative));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      conversationUrn: talkative.conversationUrn,
      campaignId,
      accountId: account.id,
      lead: { publicIdentifier: 'talkative', status: 'waiting' },
    });
    expect(res.body.messages.map((m) => [m.sender, m.content, m.sentAt])).toEqual([
      ['account', 'Hi Ada, thanks for connecting!', '2025-06-02T09:00:00.000Z'],
      ['lead', 'Happy to talk next week.', '2025-06-02T10:00:00.000Z'],
    ]);
  });

  it('answers 404 for an unknown or malformed URN', async () => {
    const unknown = { conversationUrn: `urn:outreach:conversation:cnv_${'a'.repeat(24)}` };
    expect((await ws.api.get(path(unknown))).status).toBe(404);
    expect((await ws.api.get(path({ conversationUrn: 'urn:other:thing' }))).status).toBe(404);
    const res = await ws.api.get(path(unknown));
    expect(res.body).toMatchObject({ code: 'conversation_not_found' });
  });
});

describe('POST /v1/conversations/{conversationUrn}/mark-read', () => {
  it('marks the conversation read, and marking it again changes nothing', async () => {
    const first = await ws.api.post(path(talkative, '/mark-read'));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ success: true });
    expect((await ws.api.get<Conversation>(path(talkative))).body.unread).toBe(false);
    const second = await ws.api.post(path(talkative, '/mark-read'));
    expect(second.body).toEqual({ success: true });
    expect((await ws.api.get<Conversation>(path(talkative))).body.unread).toBe(false);
    // Read stays read until the lead writes again.
    const workspaceId = asWorkspaceId(ws.workspaceId);
    await app.db.messages.append(workspaceId, talkative.id, {
      sender: 'lead',
      content: 'One more thing',
      sentAt: new Date('2025-06-03T08:00:00Z'),
      externalId: 'net-msg-2',
    });
    expect((await ws.api.get<Conversation>(path(talkative))).body.unread).toBe(true);
  });

  it('answers 404 for an unknown conversation', async () => {
    const unknown = { conversationUrn: `urn:outreach:conversation:cnv_${'b'.repeat(24)}` };
    expect((await ws.api.post(path(unknown, '/mark-read'))).status).toBe(404);
  });
});

describe('POST /v1/conversations/{conversationUrn}/messages', () => {
  it('queues the reply for the runner and answers 201 with the queued message', async () => {
    const res = await ws.api.post<Message>(path(quiet, '/messages'), { content: 'Does Tuesday work?' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ content: 'Does Tuesday work?', sender: 'account', status: 'queued' });
    const history = (await ws.api.get<Conversation>(path(quiet))).body.messages;
    expect(history.at(-1)).toMatchObject({ id: res.body.id, status: 'queued' });
    const claimed = await app.db.messages.claimQueuedAcrossWorkspaces({
      owner: 't',
      now: new Date(),
      leaseMs: 1000,
    });
    expect(claimed).toMatchObject({ id: res.body.id, workspaceId: ws.workspaceId });
  });

  it('refuses a reply with 422 when the sender account is not authenticated, queuing nothing', async () => {
    const workspaceId = asWorkspaceId(ws.workspaceId);
    const before = (await ws.api.get<Conversation>(path(quiet))).body.messages.length;
    await app.db.senderAccounts.update(workspaceId, account.id, { authenticated: false });
    try {
      const res = await ws.api.post(path(quiet, '/messages'), { content: 'Still there?' });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ statusCode: 422, code: 'account_not_usable' });
    } finally {
      await app.db.senderAccounts.update(workspaceId, account.id, { authenticated: true });
    }
    expect((await ws.api.get<Conversation>(path(quiet))).body.messages).toHaveLength(before);
  });

  it('refuses empty, blank and over-long content with 400, and an unknown conversation with 404', async () => {
    const before = (await ws.api.get<Conversation>(path(quiet))).body.messages.length;
    expect((await ws.api.post(path(quiet, '/messages'), { content: '' })).status).toBe(400);
    expect((await ws.api.post(path(quiet, '/messages'), { content: '   ' })).status).toBe(400);
    expect((await ws.api.post(path(quiet, '/messages'), { content: 'x'.repeat(8001) })).status).toBe(400);
    expect((await ws.api.post(path(quiet, '/messages'), { text: 'hi' })).status).toBe(400);
    expect((await ws.api.get<Conversation>(path(quiet))).body.messages).toHaveLength(before);
    const unknown = { conversationUrn: `urn:outreach:conversation:cnv_${'c'.repeat(24)}` };
    expect((await ws.api.post(path(unknown, '/messages'), { content: 'hi' })).status).toBe(404);
  });
});
