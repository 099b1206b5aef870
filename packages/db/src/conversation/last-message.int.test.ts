/**
 * The last-message preview kept on each conversation, so a list of conversations reads no history:
 * it follows appended, late, queued, sent and failed messages, and every conversation names the
 * sender account it is held through.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { must } from '../testing/must.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';
import { LAST_MESSAGE_PREVIEW_LENGTH } from './conversation.schema.js';

let t: TestDb;
let ws: WorkspaceId;
const T0 = new Date('2025-03-03T10:00:00Z');
let now = T0;
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
let leadNumber = 0;

beforeAll(async () => {
  t = await openTestDb({ clock: () => now });
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

function open() {
  leadNumber += 1;
  return t.db.conversations.getOrCreateForLead(ws, {
    leadId: `led_${String(leadNumber).padStart(24, '0')}`,
    campaignId: 'cmp_a',
    accountId: 'acc_000000000000000000000001',
  });
}

const lastOf = async (id: string) => must(await t.db.conversations.get(ws, id)).lastMessage;

describe('the last-message preview', () => {
  it('is empty on a new conversation, then shows the latest message, its content cut', async () => {
    const conversation = await open();
    expect(conversation).toMatchObject({ lastMessage: null, lastMessageAt: null });
    const long = 'y'.repeat(LAST_MESSAGE_PREVIEW_LENGTH + 100);
    const { message } = await t.db.messages.append(ws, conversation.id, {
      sender: 'lead',
      content: long,
      sentAt: at(5),
      externalId: 'net-long',
    });
    expect(await t.db.conversations.get(ws, conversation.id)).toMatchObject({
      lastMessageAt: at(5),
      unread: true,
      lastMessage: {
        id: message.id,
        sender: 'lead',
        content: 'y'.repeat(LAST_MESSAGE_PREVIEW_LENGTH),
        state: 'received',
        sentAt: at(5),
      },
    });
  });

  it('keeps the latest message when an older one arrives late, which still marks it unread', async () => {
    const conversation = await open();
    await t.db.messages.append(ws, conversation.id, { sender: 'account', content: 'newer', sentAt: at(10) });
    await t.db.conversations.markRead(ws, conversation.conversationUrn);
    await t.db.messages.append(ws, conversation.id, { sender: 'lead', content: 'older', sentAt: at(9) });
    const stored = must(await t.db.conversations.get(ws, conversation.id));
    expect(stored).toMatchObject({ lastMessageAt: at(10), unread: true });
    expect(stored.lastMessage?.content).toBe('newer');
  });

  it('shows a queued reply, then the same reply once sent or given up on', async () => {
    const conversation = await open();
    await t.db.messages.append(ws, conversation.id, { sender: 'lead', content: 'Hi', sentAt: at(1) });
    now = at(2);
    const queued = await t.db.messages.queueOutgoing(ws, conversation.id, 'On my way');
    expect(await lastOf(conversation.id)).toMatchObject({ id: queued.id, state: 'queued', sentAt: at(2) });

    const lease = { owner: 'r1', now: at(2), leaseMs: 60_000 };
    expect((await t.db.messages.claimQueuedAcrossWorkspaces(lease))?.id).toBe(queued.id);
    await t.db.messages.markSent(ws, queued.id, 'r1', { sentAt: at(3) });
    expect(await lastOf(conversation.id)).toMatchObject({ id: queued.id, state: 'sent', sentAt: at(3) });
    expect((await t.db.conversations.get(ws, conversation.id))?.lastMessageAt).toEqual(at(3));

    now = at(4);
    const doomed = await t.db.messages.queueOutgoing(ws, conversation.id, 'Never sent');
    expect((await t.db.messages.claimQueuedAcrossWorkspaces({ ...lease, now: at(4) }))?.id).toBe(doomed.id);
    await t.db.messages.markFailed(ws, doomed.id, 'r1', 'account disconnected');
    expect(await lastOf(conversation.id)).toMatchObject({ id: doomed.id, state: 'failed' });
  });

  it('matches the newest message of the history', async () => {
    const conversation = await open();
    for (const [minute, sender] of [
      [20, 'account'],
      [22, 'lead'],
      [21, 'account'],
    ] as const) {
      await t.db.messages.append(ws, conversation.id, { sender, content: `m${minute}`, sentAt: at(minute) });
    }
    const full = must(await t.db.conversations.getByUrn(ws, conversation.conversationUrn));
    const newest = [...full.messages].sort((a, b) => b.sentAt.getTime() - a.sentAt.getTime())[0];
    expect(full.lastMessage).toMatchObject({ id: newest?.id, content: 'm22' });
  });
});

describe('the sender account of a conversation', () => {
  it('is stored with the conversation and required to open one', async () => {
    const conversation = await open();
    expect(conversation.accountId).toBe('acc_000000000000000000000001');
    await expect(
      t.db.conversations.getOrCreateForLead(ws, {
        leadId: 'led_ffffffffffffffffffffffff',
        campaignId: 'cmp_a',
        accountId: '',
      }),
    ).rejects.toBeInstanceOf(TypeError);
    expect(await t.db.conversations.getForLead(ws, 'led_ffffffffffffffffffffffff')).toBeNull();
  });
});

describe("a message recorded for a lead (the runner's path)", () => {
  it('opens the conversation with it as the preview, and later messages move the preview as appended ones do', async () => {
    leadNumber += 1;
    const owner = {
      leadId: `led_${String(leadNumber).padStart(24, '0')}`,
      campaignId: 'cmp_a',
      accountId: 'acc_000000000000000000000001',
    };
    const first = await t.db.messages.recordForLead(ws, owner, {
      sender: 'account',
      content: 'Hello there',
      sentAt: at(10),
      externalId: 'ext-runner-1',
    });
    expect(first.created).toBe(true);
    expect(first.conversation.lastMessage).toMatchObject({ id: first.message.id, content: 'Hello there' });
    expect(must(await t.db.conversations.get(ws, first.conversation.id))).toMatchObject({
      unread: false,
      lastMessageAt: at(10),
    });

    const reply = await t.db.messages.recordForLead(ws, owner, {
      sender: 'lead',
      content: 'Hi!',
      sentAt: at(20),
      externalId: 'ext-runner-2',
    });
    expect(reply.conversation.id).toBe(first.conversation.id);
    expect(await lastOf(first.conversation.id)).toMatchObject({ id: reply.message.id, sender: 'lead' });
    expect(must(await t.db.conversations.get(ws, first.conversation.id)).unread).toBe(true);

    // A late message does not take the preview; the same network message again records nothing.
    await t.db.messages.recordForLead(ws, owner, { sender: 'account', content: 'late', sentAt: at(15) });
    const again = await t.db.messages.recordForLead(ws, owner, {
      sender: 'lead',
      content: 'Hi!',
      sentAt: at(20),
      externalId: 'ext-runner-2',
    });
    expect(again).toMatchObject({ created: false, message: { id: reply.message.id } });
    expect(await lastOf(first.conversation.id)).toMatchObject({ id: reply.message.id });
  });

  it("opens a conversation unread when the lead's message opens it", async () => {
    leadNumber += 1;
    const { conversation } = await t.db.messages.recordForLead(
      ws,
      { leadId: `led_${String(leadNumber).padStart(24, '0')}`, campaignId: 'cmp_a', accountId: 'acc_1' },
      { sender: 'lead', content: 'Interested', sentAt: at(30) },
    );
    expect(conversation).toMatchObject({
      unread: true,
      lastMessageAt: at(30),
      lastMessage: { sender: 'lead' },
    });
  });
});
