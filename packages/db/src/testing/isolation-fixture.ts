import { afterAll, beforeAll } from 'vitest';
import { newWorkspace, seedCampaign, step } from './fixtures.js';
import { must } from './must.js';
import { openTestDb, type TestDb } from './test-db.js';
import type { Campaign } from '../campaign/campaign.entity.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { Db } from '../db.js';
import type { Lead } from '../lead/lead.entity.js';

export const T0 = new Date('2025-03-03T10:00:00Z');
export const lease = { owner: 'runner-a', now: T0, leaseMs: 60_000 };

export interface IsolationFixture {
  keyId: string;
  keyPrefix: string;
  keyPlaintext: string;
  accountId: string;
  campaign: Campaign;
  messageStepId: string;
  lead: Lead;
  leasedLead: Lead;
  blockId: string;
  campaignBlockId: string;
  conversationId: string;
  conversationUrn: string;
  queuedMessageId: string;
  subscriptionId: string;
  eventId: string;
  deliveryId: string;
}

/**
 * Workspace A with one record of every kind (some of them leased by `runner-a`), and an empty
 * workspace B that tries to reach them.
 */
export async function seedIsolation(
  db: Db,
): Promise<{ a: WorkspaceId; b: WorkspaceId; fixture: IsolationFixture }> {
  const a = await newWorkspace(db);
  const b = await newWorkspace(db);
  const fixture = {} as IsolationFixture;
  const key = await db.apiKeys.create(a, { name: 'a' });
  Object.assign(fixture, { keyId: key.apiKey.id, keyPrefix: key.apiKey.prefix, keyPlaintext: key.plaintext });
  fixture.accountId = (await db.senderAccounts.create(a, { name: 'A', publicIdentifier: 'a-sender' })).id;
  const message = step('message');
  const { campaign, leads } = await seedCampaign(db, a, {
    steps: [step('invitation'), message],
    leads: 2,
    status: 'active',
  });
  Object.assign(fixture, { campaign, messageStepId: message.id, lead: must(leads[0]) });
  fixture.leasedLead = must(await db.leadLeases.claimDue(a, campaign.id, lease));
  await db.blockedLeads.block(a, { scope: 'workspace' }, [{ publicIdentifier: 'blocked-a' }]);
  await db.blockedLeads.block(a, { scope: 'campaign', campaignId: campaign.id }, [
    { publicIdentifier: 'blocked-c' },
  ]);
  fixture.blockId = must((await db.blockedLeads.list(a, { scope: 'workspace' })).items[0]).id;
  fixture.campaignBlockId = must(
    (await db.blockedLeads.list(a, { scope: 'campaign', campaignId: campaign.id })).items[0],
  ).id;
  const conversation = await db.conversations.getOrCreateForLead(a, {
    leadId: fixture.lead.id,
    campaignId: campaign.id,
    accountId: fixture.accountId,
  });
  await db.messages.append(a, conversation.id, {
    sender: 'lead',
    content: 'hi',
    sentAt: T0,
    externalId: 'net-a',
  });
  Object.assign(fixture, { conversationId: conversation.id, conversationUrn: conversation.conversationUrn });
  fixture.queuedMessageId = (await db.messages.queueOutgoing(a, conversation.id, 'reply')).id;
  await db.messages.claimQueuedAcrossWorkspaces(lease);
  await db.actions.record(a, {
    campaignId: campaign.id,
    leadId: fixture.lead.id,
    type: 'invitation_sent',
    idempotencyKey: 'key-a',
    occurredAt: T0,
  });
  const subscription = await db.webhookSubscriptions.subscribe(a, {
    url: 'https://a.example',
    type: 'message_received',
  });
  fixture.subscriptionId = subscription.subscription.id;
  fixture.eventId = (
    await db.events.insert(a, { type: 'message_received', transitionKey: 'msg-a', data: {}, timestamp: T0 })
  ).event.id;
  await db.deliveries.createForEvent(a, fixture.eventId, [
    { id: fixture.subscriptionId, url: 'https://a.example' },
  ]);
  fixture.deliveryId = must(await db.deliveries.claimDueAcrossWorkspaces(lease)).id;
  return { a, b, fixture };
}

export interface IsolationSuite {
  t: TestDb;
  /** The workspace that owns every record of `fixture`. */
  a: WorkspaceId;
  /** The empty workspace that tries to reach them. */
  b: WorkspaceId;
  fixture: IsolationFixture;
}

/**
 * The test file's database, its clock stopped at `T0`, seeded by `seedIsolation` before the file's
 * tests and closed after them. The object is filled in by then, so read it inside tests only.
 */
export function useIsolationSuite(): IsolationSuite {
  const suite = {} as IsolationSuite;
  beforeAll(async () => {
    const t = await openTestDb({ clock: () => T0 });
    Object.assign(suite, { t, ...(await seedIsolation(t.db)) });
  });
  afterAll(() => suite.t.db.close());
  return suite;
}
