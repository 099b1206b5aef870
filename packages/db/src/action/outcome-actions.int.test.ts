/**
 * Actions logged with their leads' step outcomes (`StepOutcome.loggedAction`) reach the action log
 * through its follower, once each, with their derived records: the counters, and a sent message
 * in its lead's conversation. Until then they are on the lead only. A lead deleted first takes
 * its actions to the log, and moving them twice (a mover that died) logs them once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace, seedCampaign, step } from '../testing/fixtures.js';
import { must } from '../testing/must.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
let ws: WorkspaceId;
const NOW = new Date('2099-01-01T09:00:00Z');
let keys = 0;

beforeAll(async () => {
  t = await openTestDb({ clock: () => NOW });
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

const lease = (owner: string) => ({ owner, now: NOW, leaseMs: 60_000 });

/** Claims a lead of the campaign and settles its message step with the message's action. */
async function messagedLead(campaignId: string, content: string) {
  const owner = `runner-${(keys += 1)}`;
  const claimed = must(await t.db.leadLeases.claimDue(ws, campaignId, lease(owner)));
  const key = `${claimed.id}:message:${keys}`;
  const loggedAction = t.db.actions.toLog({
    campaignId,
    leadId: claimed.id,
    accountId: 'acc_one',
    stepId: 'stp_1',
    variantId: null,
    type: 'message_sent',
    idempotencyKey: key,
    occurredAt: NOW,
    sentMessage: { content, externalId: `msg-${keys}` },
  });
  await t.db.leadLeases.completeStep(ws, claimed.id, owner, {
    status: 'active',
    internalStatus: 'queued',
    nextActionAt: new Date(NOW.getTime() + 86_400_000),
    accountId: 'acc_one',
    loggedAction,
  });
  return { leadId: claimed.id, key };
}

/** An active campaign of `steps` message steps and `leads` leads. */
function seedMessaging(leads: number, steps: number) {
  return seedCampaign(t.db, ws, {
    steps: Array.from({ length: steps }, () => step('message')),
    leads,
    status: 'active',
  });
}

/** The texts of the lead's conversation, in order. */
async function sentContents(leadId: string): Promise<string[]> {
  const conversation = must(await t.db.conversations.getForLead(ws, leadId));
  const history = must(await t.db.conversations.getByUrn(ws, conversation.conversationUrn));
  return history.messages.map((message) => message.content);
}

async function deriveAll(): Promise<number> {
  let total = 0;
  for (let taken = -1; taken !== 0; total += Math.max(0, taken))
    taken = await t.db.actions.deriveBatchAcrossWorkspaces(lease('follower'), 500);
  return total;
}

describe('actions logged with step outcomes', () => {
  it('are on the lead only until the follower moves them into the log with their derived records', async () => {
    const { campaign } = await seedMessaging(2, 2);
    const first = await messagedLead(campaign.id, 'Hello Ada');
    const second = await messagedLead(campaign.id, 'Hello Bob');

    expect(await t.db.actions.findByIdempotencyKey(ws, first.key)).toBeNull();
    expect(await deriveAll()).toBe(2);

    for (const { leadId, key } of [first, second]) {
      expect(await t.db.actions.findByIdempotencyKey(ws, key)).toMatchObject({
        type: 'message_sent',
        leadId,
      });
      const raw = await t.raw('leads').findOne({ _id: leadId as never });
      expect(raw?.['actionsToLog']).toBeUndefined();
      expect(raw?.['actionsToLogSince']).toBeUndefined();
    }
    expect(await sentContents(first.leadId)).toEqual(['Hello Ada']);
    expect(must(await t.db.campaigns.get(ws, campaign.id)).counters).toMatchObject({ leadsMessaged: 2 });
    expect((await t.db.campaignCounters.recount(ws, campaign.id)).differences).toEqual([]);
  });

  it('are logged once when moved twice (a mover that died before pulling them off its leads)', async () => {
    const { campaign } = await seedMessaging(1, 1);
    const { leadId, key } = await messagedLead(campaign.id, 'Hello twice');
    const carried = await t.raw('leads').findOne({ _id: leadId as never });
    await deriveAll();
    // As if the mover had died after its insert: the lead still carries the action.
    await t.raw('leads').updateOne(
      { _id: leadId as never },
      {
        $set: {
          actionsToLog: carried?.['actionsToLog'],
          actionsToLogSince: carried?.['actionsToLogSince'],
        },
      },
    );
    await deriveAll();

    expect(await t.raw('actions').countDocuments({ idempotencyKey: key })).toBe(1);
    expect(must(await t.db.campaigns.get(ws, campaign.id)).counters).toMatchObject({ leadsMessaged: 1 });
    expect(
      await t.raw('leads').countDocuments({ _id: leadId as never, actionsToLog: { $exists: true } }),
    ).toBe(0);
  });

  it('of two outcomes settled before the follower ran are both logged', async () => {
    const { campaign } = await seedMessaging(1, 2);
    const first = await messagedLead(campaign.id, 'First');
    // The lead is due again at once: its next step settles before any follower runs.
    await t.raw('leads').updateOne({ _id: first.leadId as never }, { $set: { nextActionAt: NOW } });
    const second = await messagedLead(campaign.id, 'Second');
    expect(second.leadId).toBe(first.leadId);

    expect(await deriveAll()).toBe(2);
    for (const key of [first.key, second.key])
      expect(await t.db.actions.findByIdempotencyKey(ws, key)).not.toBeNull();
    expect(await sentContents(first.leadId)).toEqual(['First', 'Second']);
  });

  it('of a lead deleted before the follower ran are in the log', async () => {
    const { campaign } = await seedMessaging(1, 1);
    const { leadId, key } = await messagedLead(campaign.id, 'Hello and goodbye');
    await t.db.leads.deleteMany(ws, campaign.id, [leadId], NOW);

    expect(await t.db.actions.findByIdempotencyKey(ws, key)).toMatchObject({ leadId, type: 'message_sent' });
    await deriveAll();
    expect(must(await t.db.campaigns.get(ws, campaign.id)).counters).toMatchObject({ leadsMessaged: 1 });
  });
});
