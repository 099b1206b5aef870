import { asWorkspaceId, newId, type Db } from '@outreach/db';
import type { Connection } from 'mongoose';

/** A seeded workspace: its key, its measured campaign and the one beside it. */
export interface SeededWorkspace {
  workspaceId: string;
  apiKey: string;
  campaignId: string;
  otherCampaignId: string;
}

const DAY = 86_400_000;
const BATCH = 1_000;

/** A JSON request to the API under test; throws unless it answers 2xx. */
export async function call(
  baseUrl: string,
  apiKey: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'x-api-key': apiKey, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
  return text === '' ? null : JSON.parse(text);
}

/**
 * Seeds one workspace: a campaign of `leads` leads and another of `otherLeads` beside it, both
 * with two senders; leads and blocks (a tenth of the leads) through the API's own write paths;
 * actions (an invitation per lead over the last 30 days, a third accepted, a fifth messaged, one
 * in twenty replying) and a conversation with its message per reply, inserted in bulk in exactly
 * the shape the runner writes them (the runner's own path takes days of campaign time).
 */
export async function seedWorkspace(
  db: Db,
  raw: Connection,
  baseUrl: string,
  sizes: { leads: number; otherLeads: number },
  now: Date,
): Promise<SeededWorkspace> {
  const workspace = await db.workspaces.createWorkspace({ name: `scale ${sizes.leads}`, plan: 'agency' });
  const apiKey = (await db.apiKeys.create(workspace.id, { name: 'bench' })).plaintext;
  const api = (method: string, path: string, body?: unknown) => call(baseUrl, apiKey, method, path, body);
  const accounts: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const account = (await api('POST', '/v1/accounts', {
      name: `Sender ${i}`,
      publicIdentifier: `sender-${i}-${workspace.id}`,
    })) as { id: string };
    accounts.push(account.id);
  }
  const campaignId = await seedCampaign(api, 'measured', sizes.leads, accounts);
  const otherCampaignId = await seedCampaign(api, 'beside', sizes.otherLeads, accounts);
  for (let start = 0; start < sizes.leads / 10; start += BATCH) {
    const count = Math.min(BATCH, sizes.leads / 10 - start);
    const leads = Array.from({ length: count }, (_, i) => ({ publicIdentifier: `blk-${start + i}` }));
    await api('POST', '/v1/blocked-leads', { leads });
  }
  for (const id of [campaignId, otherCampaignId]) await seedActivity(raw, workspace.id, id, now);
  for (const id of [campaignId, otherCampaignId]) {
    // The actions were written around the data layer (in bulk): what it keeps from them (the
    // per-lead marks, the counters, the daily roll-ups) is rebuilt from the records, as the drift
    // check does for a campaign whose actions predate them. Code from before the counters (the
    // "before" of scale-side-by-side.ts) keeps nothing of the kind, so it has nothing to rebuild.
    if ('campaignCounters' in db) await db.campaignCounters.rebuild(asWorkspaceId(workspace.id), id);
  }
  return { workspaceId: workspace.id, apiKey, campaignId, otherCampaignId };
}

async function seedCampaign(
  api: (method: string, path: string, body?: unknown) => Promise<unknown>,
  name: string,
  leads: number,
  accounts: string[],
): Promise<string> {
  const campaign = (await api('POST', '/v1/campaigns', { name })) as { id: string };
  await api('POST', `/v1/campaigns/${campaign.id}/senders`, { accountIds: accounts });
  for (let start = 0; start < leads; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, leads - start) }, (_, i) => ({
      publicIdentifier: `${name}-${start + i}`,
      firstName: 'Lead',
      lastName: String(start + i),
      companyName: 'Example GmbH',
    }));
    await api('POST', `/v1/campaigns/${campaign.id}/leads`, { leads: batch });
  }
  return campaign.id;
}

async function seedActivity(
  raw: Connection,
  workspaceId: string,
  campaignId: string,
  now: Date,
): Promise<void> {
  const leads = raw.collection('leads');
  const cursor = leads.find({ workspaceId, campaignId }, { projection: { _id: 1, accountId: 1 } });
  let actions: Record<string, unknown>[] = [];
  let conversations: Record<string, unknown>[] = [];
  let messages: Record<string, unknown>[] = [];
  let n = 0;
  const flush = async () => {
    if (actions.length > 0) await raw.collection('actions').insertMany(actions, { ordered: false });
    if (conversations.length > 0) await raw.collection('conversations').insertMany(conversations);
    if (messages.length > 0) await raw.collection('messages').insertMany(messages);
    actions = [];
    conversations = [];
    messages = [];
  };
  for await (const lead of cursor) {
    n += 1;
    const leadId = String(lead['_id']);
    const accountId = (lead['accountId'] as string | null) ?? null;
    const at = (offset: number) => new Date(now.getTime() - ((n * 7919) % 30) * DAY + offset);
    const action = (type: string, offset: number) => ({
      _id: newId('action'),
      workspaceId,
      campaignId,
      leadId,
      accountId,
      stepId: null,
      variantId: null,
      type,
      idempotencyKey: `${leadId}:${type}`,
      occurredAt: at(offset),
    });
    actions.push(action('invitation_sent', 0));
    if (n % 3 === 0) actions.push(action('invitation_accepted', 3_600_000));
    if (n % 5 === 0) actions.push(action('message_sent', 7_200_000));
    if (n % 20 === 0 && accountId !== null) {
      actions.push(action('reply_received', 10_800_000));
      const conversationId = newId('conversation');
      const sentAt = at(10_800_000);
      const messageId = newId('message');
      conversations.push({
        _id: conversationId,
        workspaceId,
        campaignId,
        leadId,
        accountId,
        unread: n % 40 === 0,
        lastMessageAt: sentAt,
        lastMessage: {
          id: messageId,
          sender: 'lead',
          content: 'Thanks, tell me more',
          state: 'received',
          sentAt,
        },
        createdAt: sentAt,
        updatedAt: sentAt,
      });
      messages.push({
        _id: messageId,
        workspaceId,
        conversationId,
        sender: 'lead',
        content: 'Thanks, tell me more',
        state: 'received',
        leaseOwner: null,
        leaseUntil: null,
        attempts: 0,
        error: null,
        createdAt: sentAt,
        sentAt,
      });
    }
    if (actions.length >= 5_000) await flush();
  }
  await flush();
}
