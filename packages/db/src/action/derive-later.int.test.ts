/**
 * Actions logged with `recordLater` and derived in batches by `deriveBatchAcrossWorkspaces` end with
 * the same marks, counters and daily roll-ups as actions recorded one at a time: the drift check
 * finds nothing to mend, and analytics from the roll-ups answer as from the actions. Pending
 * actions stay out of the drift check's recounts, two followers at once derive each action once,
 * and the actions of a follower that died are derived by the next once its lease runs out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewAction } from './action.repository.js';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { must } from '../testing/must.js';
import { campaignForRandomActions, randomActions, START } from '../testing/random-actions.js';
import { seededRandom } from '../testing/seeded-random.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
let ws: WorkspaceId;

beforeAll(async () => {
  t = await openTestDb();
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

const NOW = new Date('2099-01-01T00:00:00Z');
const lease = (owner: string, now = NOW) => ({ owner, now, leaseMs: 60_000 });

async function recordLater(actions: readonly NewAction[]) {
  for (let start = 0; start < actions.length; start += 4)
    await Promise.all(actions.slice(start, start + 4).map((action) => t.db.actions.recordLater(ws, action)));
}

/** Derives everything pending in batches of `limit`; answers how many actions were derived. */
async function deriveAll(limit: number): Promise<number> {
  let total = 0;
  for (;;) {
    const derived = await t.db.actions.deriveBatchAcrossWorkspaces(lease('follower'), limit);
    total += derived;
    if (derived < limit) return total;
  }
}

/** The drift check's findings for these campaigns (every campaign is checked). */
async function driftOf(campaignIds: readonly string[]) {
  const checks = await t.db.campaignCounters.checkOldestAcrossWorkspaces({ limit: 1_000 });
  return checks
    .filter((check) => campaignIds.includes(check.campaignId))
    .map(({ campaignId, differences, rollupDays }) => ({ campaignId, differences, rollupDays }));
}

const clean = (campaignIds: readonly string[]) =>
  campaignIds.map((campaignId) => ({ campaignId, differences: [], rollupDays: [] }));

describe('recordLater and its follower', () => {
  it('end with the counters, roll-ups and marks of actions recorded one at a time', async () => {
    for (const seed of [3, 19, 41]) {
      const random = seededRandom(seed);
      const one = await campaignForRandomActions(t.db, ws, 12);
      const two = await campaignForRandomActions(t.db, ws, 5);
      const actions = [
        ...randomActions(random, one.campaign, one.leadIds, `later${seed}a`),
        ...randomActions(random, two.campaign, two.leadIds, `later${seed}b`),
      ];
      await recordLater(actions);
      const pending = await t.db.campaigns.get(ws, one.campaign.id);
      expect(pending?.counters?.invitationsSent ?? 0).toBe(0);

      expect(await deriveAll(7)).toBe(actions.length);
      const ids = [one.campaign.id, two.campaign.id];
      expect(await driftOf(ids)).toEqual(clean(ids));
      const window = { from: new Date(START - 86_400_000), to: new Date(START + 10 * 86_400_000) };
      for (const campaignId of ids)
        expect(await t.db.actions.analytics(ws, { ...window, campaignId })).toEqual(
          await t.db.actions.analyticsFromActions(ws, { ...window, campaignId }),
        );
    }
  });

  it('log an action once per key, and derive it once', async () => {
    const { campaign, leadIds } = await campaignForRandomActions(t.db, ws, 1);
    const action: NewAction = {
      campaignId: campaign.id,
      leadId: must(leadIds[0]),
      type: 'invitation_sent',
      idempotencyKey: 'later-once',
      occurredAt: new Date(START),
    };
    expect(await t.db.actions.recordLater(ws, action)).toEqual({ created: true });
    expect(await t.db.actions.recordLater(ws, action)).toEqual({ created: false });
    expect(await deriveAll(10)).toBe(1);
    expect(await deriveAll(10)).toBe(0);
    expect((await t.db.campaigns.get(ws, campaign.id))?.counters?.invitationsSent).toBe(1);
  });

  it('are left out of a recount while pending, so deriving them after it leaves no drift', async () => {
    const random = seededRandom(8);
    const { campaign, leadIds } = await campaignForRandomActions(t.db, ws, 6);
    await recordLater(randomActions(random, campaign, leadIds, 'recount'));
    expect(await driftOf([campaign.id])).toEqual(clean([campaign.id]));
    await deriveAll(50);
    expect(await driftOf([campaign.id])).toEqual(clean([campaign.id]));
  });

  it('are derived once by two followers at once', async () => {
    const random = seededRandom(13);
    const { campaign, leadIds } = await campaignForRandomActions(t.db, ws, 10);
    const actions = randomActions(random, campaign, leadIds, 'race');
    await recordLater(actions);
    let derived = 0;
    for (;;) {
      const [a, b] = await Promise.all([
        t.db.actions.deriveBatchAcrossWorkspaces(lease('follower-a'), 6),
        t.db.actions.deriveBatchAcrossWorkspaces(lease('follower-b'), 6),
      ]);
      derived += a + b;
      if (a + b === 0) break;
    }
    expect(derived).toBe(actions.length);
    expect(await driftOf([campaign.id])).toEqual(clean([campaign.id]));
  });

  it('of a follower that died are derived by the next once its lease runs out', async () => {
    const { campaign, leadIds } = await campaignForRandomActions(t.db, ws, 1);
    await t.db.actions.recordLater(ws, {
      campaignId: campaign.id,
      leadId: must(leadIds[0]),
      type: 'message_sent',
      idempotencyKey: 'later-died',
      occurredAt: new Date(START),
    });
    // The dead follower's lease, as its claim left it.
    await t
      .raw('actions')
      .updateOne(
        { idempotencyKey: 'later-died' },
        { $set: { deriveOwner: 'dead', deriveUntil: new Date(NOW.getTime() + 30_000) } },
      );
    expect(await t.db.actions.deriveBatchAcrossWorkspaces(lease('next'), 10)).toBe(0);
    const later = new Date(NOW.getTime() + 31_000);
    expect(await t.db.actions.deriveBatchAcrossWorkspaces(lease('next', later), 10)).toBe(1);
    expect((await t.db.campaigns.get(ws, campaign.id))?.counters?.leadsMessaged).toBe(1);
  });

  it("file sent messages in their leads' conversations, each preview on its latest message", async () => {
    const { campaign, leadIds } = await campaignForRandomActions(t.db, ws, 2);
    const [quiet, talking] = [must(leadIds[0]), must(leadIds[1])];
    const at = (hour: number) => new Date(START + hour * 3_600_000);
    // The talking lead's conversation holds a reply newer than the message about to be filed.
    await t.db.messages.recordForLead(
      ws,
      { leadId: talking, campaignId: campaign.id, accountId: 'acc_1' },
      { sender: 'lead', content: 'hello there', sentAt: at(5), externalId: 'later-reply' },
    );
    const sent = (leadId: string, hour: number, externalId: string): NewAction => ({
      campaignId: campaign.id,
      leadId,
      accountId: 'acc_1',
      type: 'message_sent',
      idempotencyKey: `later-${externalId}`,
      occurredAt: at(hour),
      sentMessage: { content: `message ${externalId}`, externalId },
    });
    await recordLater([
      sent(quiet, 1, 'later-m1'),
      sent(quiet, 2, 'later-m2'),
      sent(talking, 3, 'later-m3'),
      // Already in the conversation under its network id (the reply above): not filed twice.
      { ...sent(talking, 4, 'later-reply'), idempotencyKey: 'later-dup' },
    ]);
    expect(await t.db.conversations.getForLead(ws, quiet)).toBeNull();
    await deriveAll(10);

    const opened = must(await t.db.conversations.getForLead(ws, quiet));
    expect(opened).toMatchObject({ accountId: 'acc_1', unread: false });
    expect(opened.lastMessage).toMatchObject({ content: 'message later-m2', sender: 'account' });
    const quietHistory = must(await t.db.conversations.getByUrn(ws, opened.conversationUrn));
    expect(quietHistory.messages.map((message) => message.content)).toEqual([
      'message later-m1',
      'message later-m2',
    ]);
    const talked = must(await t.db.conversations.getForLead(ws, talking));
    expect(talked.lastMessage).toMatchObject({ content: 'hello there', sender: 'lead' });
    const talkingHistory = must(await t.db.conversations.getByUrn(ws, talked.conversationUrn));
    expect(talkingHistory.messages.map((message) => message.content)).toEqual([
      'message later-m3',
      'hello there',
    ]);
    expect(await t.raw('actions').countDocuments({ sentMessage: { $exists: true } })).toBe(0);
  });

  it('refuse a sent message without the sender account it went through', async () => {
    await expect(
      t.db.actions.recordLater(ws, {
        campaignId: 'cmp_x',
        leadId: 'led_x',
        type: 'message_sent',
        idempotencyKey: 'later-no-account',
        occurredAt: new Date(START),
        sentMessage: { content: 'hi', externalId: 'later-no-account' },
      }),
    ).rejects.toThrow(TypeError);
  });
});
