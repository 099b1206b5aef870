/** Conversations and messages: one per lead, idempotent history, read state, queued replies. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeaseLostError, NotFoundError } from '../common/db-errors.js';
import type { WorkspaceId } from '../common/public-ids.js';
import { newWorkspace } from '../testing/fixtures.js';
import { openTestDb, type TestDb } from '../testing/test-db.js';

let t: TestDb;
let ws: WorkspaceId;
const T0 = new Date('2025-03-03T10:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
let leadNumber = 0;
const lead = (campaignId = 'cmp_a', accountId = 'acc_a') => ({
  leadId: `led_${String((leadNumber += 1)).padStart(24, '0')}`,
  campaignId,
  accountId,
});

beforeAll(async () => {
  t = await openTestDb({ clock: () => T0 });
  ws = await newWorkspace(t.db);
});
afterAll(() => t.db.close());

describe('conversations', () => {
  it('opens one conversation per lead, even when opened concurrently', async () => {
    const who = lead();
    const opened = await Promise.all([1, 2, 3].map(() => t.db.conversations.getOrCreateForLead(ws, who)));
    expect(new Set(opened.map((c) => c.id)).size).toBe(1);
    expect(opened[0]).toMatchObject({ leadId: who.leadId, unread: false, lastMessageAt: null });
    expect(opened[0]?.conversationUrn).toBe(`urn:outreach:conversation:${opened[0]?.id}`);
  });

  it('records history once per network message and marks the conversation unread', async () => {
    const conversation = await t.db.conversations.getOrCreateForLead(ws, lead());
    const first = await t.db.messages.append(ws, conversation.id, {
      sender: 'lead',
      content: 'Hello',
      sentAt: at(1),
      externalId: 'net-1',
    });
    const replay = await t.db.messages.append(ws, conversation.id, {
      sender: 'lead',
      content: 'Hello',
      sentAt: at(1),
      externalId: 'net-1',
    });
    expect(first.created).toBe(true);
    expect(replay).toEqual({ message: first.message, created: false });
    await t.db.messages.append(ws, conversation.id, { sender: 'account', content: 'Hi!', sentAt: at(2) });
    const full = await t.db.conversations.getByUrn(ws, conversation.conversationUrn);
    expect(full).toMatchObject({ unread: true, lastMessageAt: at(2) });
    expect(full?.messages.map((m) => [m.sender, m.content, m.state])).toEqual([
      ['lead', 'Hello', 'received'],
      ['account', 'Hi!', 'sent'],
    ]);
    await expect(
      t.db.messages.append(ws, 'cnv_000000000000000000000000', { sender: 'lead', content: 'x', sentAt: T0 }),
    ).rejects.toBeInstanceOf(NotFoundError);
  });

  it('marks read idempotently and reports unknown URNs', async () => {
    const conversation = await t.db.conversations.getOrCreateForLead(ws, lead());
    await t.db.messages.append(ws, conversation.id, { sender: 'lead', content: 'Yo', sentAt: at(3) });
    expect(await t.db.conversations.markRead(ws, conversation.conversationUrn)).toBe(true);
    expect(await t.db.conversations.markRead(ws, conversation.conversationUrn)).toBe(true);
    expect((await t.db.conversations.get(ws, conversation.id))?.unread).toBe(false);
    expect(
      await t.db.conversations.markRead(ws, 'urn:outreach:conversation:cnv_000000000000000000000000'),
    ).toBe(false);
    expect(await t.db.conversations.markRead(ws, 'not-a-urn')).toBe(false);
  });

  it('lists by campaign, account and unread, latest activity first', async () => {
    const other = await newWorkspace(t.db);
    const a = await t.db.conversations.getOrCreateForLead(other, lead('cmp_1', 'acc_1'));
    const b = await t.db.conversations.getOrCreateForLead(other, lead('cmp_1', 'acc_2'));
    const c = await t.db.conversations.getOrCreateForLead(other, lead('cmp_2', 'acc_1'));
    await t.db.messages.append(other, a.id, { sender: 'lead', content: '1', sentAt: at(1) });
    await t.db.messages.append(other, b.id, { sender: 'account', content: '2', sentAt: at(2) });
    await t.db.messages.append(other, c.id, { sender: 'lead', content: '3', sentAt: at(3) });
    const ids = async (query: Parameters<typeof t.db.conversations.list>[1]) =>
      (await t.db.conversations.list(other, query)).items.map((x) => x.id);
    expect(await ids({})).toEqual([c.id, b.id, a.id]);
    expect(await ids({ campaignId: 'cmp_1' })).toEqual([b.id, a.id]);
    expect(await ids({ accountId: 'acc_1' })).toEqual([c.id, a.id]);
    expect(await ids({ unread: true })).toEqual([c.id, a.id]);
    expect(await ids({ unread: false })).toEqual([b.id]);
    expect((await t.db.conversations.list(other, { limit: 1 })).total).toBe(3);
  });
});

describe('queued replies', () => {
  it('are claimed by one runner at a time and leave the queue once sent', async () => {
    const conversation = await t.db.conversations.getOrCreateForLead(ws, lead());
    const queued = await t.db.messages.queueOutgoing(ws, conversation.id, 'Thanks!');
    expect(queued).toMatchObject({ state: 'queued', sender: 'account' });
    const claims = await Promise.all(
      ['r1', 'r2'].map((owner) =>
        t.db.messages.claimQueuedAcrossWorkspaces({ owner, now: T0, leaseMs: 60_000 }),
      ),
    );
    const won = claims.filter((claim) => claim?.id === queued.id);
    expect(won).toHaveLength(1);
    const owner = claims[0]?.id === queued.id ? 'r1' : 'r2';
    expect(won[0]).toMatchObject({ workspaceId: ws, conversationId: conversation.id, attempts: 1 });
    await expect(t.db.messages.markSent(ws, queued.id, 'intruder', { sentAt: at(1) })).rejects.toBeInstanceOf(
      LeaseLostError,
    );
    const sent = await t.db.messages.markSent(ws, queued.id, owner, {
      sentAt: at(1),
      externalId: 'net-out-1',
    });
    expect(sent).toMatchObject({ state: 'sent', sentAt: at(1), externalId: 'net-out-1' });
    expect(
      await t.db.messages.claimQueuedAcrossWorkspaces({ owner: 'r3', now: at(100), leaseMs: 1 }),
    ).toBeNull();
  });

  it('are due on the schedule’s clock and leased on the lease’s', async () => {
    const conversation = await t.db.conversations.getOrCreateForLead(ws, lead());
    const queued = await t.db.messages.queueOutgoing(ws, conversation.id, 'Two clocks');
    const realNow = new Date('2020-01-01T00:00:00Z');
    const claim = (owner: string, now: Date) =>
      t.db.messages.claimQueuedAcrossWorkspaces({ owner, now, dueBy: at(1), leaseMs: 60_000 });
    expect((await claim('r1', realNow))?.id).toBe(queued.id);
    // The schedule's clock is years past the lease's end; the lease's own clock is not.
    expect(await claim('r2', new Date(realNow.getTime() + 59_000))).toBeNull();
    expect((await claim('r2', new Date(realNow.getTime() + 60_000)))?.id).toBe(queued.id);
    await t.db.messages.markSent(ws, queued.id, 'r2', { sentAt: at(2) });
  });

  it('can be retried later or given up on', async () => {
    const conversation = await t.db.conversations.getOrCreateForLead(ws, lead());
    const queued = await t.db.messages.queueOutgoing(ws, conversation.id, 'Retry me');
    await t.db.messages.claimQueuedAcrossWorkspaces({ owner: 'r1', now: T0, leaseMs: 60_000 });
    await t.db.messages.retryLater(ws, queued.id, 'r1', { sendAfter: at(10), error: 'rate limited' });
    expect(
      await t.db.messages.claimQueuedAcrossWorkspaces({ owner: 'r2', now: at(5), leaseMs: 60_000 }),
    ).toBeNull();
    expect(
      (await t.db.messages.claimQueuedAcrossWorkspaces({ owner: 'r2', now: at(10), leaseMs: 60_000 }))
        ?.attempts,
    ).toBe(2);
    const failed = await t.db.messages.markFailed(ws, queued.id, 'r2', 'gave up');
    expect(failed).toMatchObject({ state: 'failed', error: 'gave up' });
    expect(
      await t.db.messages.claimQueuedAcrossWorkspaces({ owner: 'r3', now: at(1000), leaseMs: 1 }),
    ).toBeNull();
  });
});
