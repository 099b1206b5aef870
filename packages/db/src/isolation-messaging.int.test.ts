/**
 * Cross-workspace isolation, part two: conversations, actions and the webhook pipeline, then the
 * scoped collection itself (a caller cannot widen or leave its workspace).
 */
import { describe, expect, it } from 'vitest';
import { T0, useIsolationSuite } from './testing/isolation-fixture.js';
import type { CampaignRecord } from './campaign/campaign.schema.js';
import { LeaseLostError, NotFoundError } from './common/db-errors.js';
import { ScopedModel } from './common/scoped-model.js';
import { must } from './testing/must.js';

const suite = useIsolationSuite();

describe('workspace B cannot read or change workspace A’s records', () => {
  it('conversations and messages', async () => {
    const { t, a, b, fixture } = suite;
    const { conversationId, conversationUrn, queuedMessageId, lead } = fixture;
    expect(await t.db.conversations.get(b, conversationId)).toBeNull();
    expect(await t.db.conversations.getByUrn(b, conversationUrn)).toBeNull();
    expect(await t.db.conversations.getForLead(b, lead.id)).toBeNull();
    expect((await t.db.conversations.list(b)).total).toBe(0);
    expect(await t.db.conversations.markRead(b, conversationUrn)).toBe(false);
    await expect(
      t.db.messages.append(b, conversationId, { sender: 'lead', content: 'x', sentAt: T0 }),
    ).rejects.toBeInstanceOf(NotFoundError);
    await expect(t.db.messages.queueOutgoing(b, conversationId, 'x')).rejects.toBeInstanceOf(NotFoundError);
    await expect(
      t.db.messages.markSent(b, queuedMessageId, 'runner-a', { sentAt: T0 }),
    ).rejects.toBeInstanceOf(LeaseLostError);
    await expect(t.db.messages.markFailed(b, queuedMessageId, 'runner-a', 'x')).rejects.toBeInstanceOf(
      LeaseLostError,
    );
    await expect(
      t.db.messages.retryLater(b, queuedMessageId, 'runner-a', { sendAfter: T0, error: 'x' }),
    ).rejects.toBeInstanceOf(LeaseLostError);
    const stored = await t.db.conversations.getByUrn(a, conversationUrn);
    expect(stored).toMatchObject({ unread: true });
    expect(stored?.messages.map((m) => m.state)).toEqual(['received', 'queued']);
  });

  it('actions and analytics', async () => {
    const { t, a, b } = suite;
    expect(await t.db.actions.findByIdempotencyKey(b, 'key-a')).toBeNull();
    expect(
      (await t.db.actions.analytics(b, { from: T0, to: new Date(T0.getTime() + 1000) })).totals
        .invitationsSent,
    ).toBe(0);
    expect(
      (await t.db.actions.analytics(a, { from: T0, to: new Date(T0.getTime() + 1000) })).totals
        .invitationsSent,
    ).toBe(1);
  });

  it('webhook subscriptions, events and deliveries', async () => {
    const { t, a, b, fixture } = suite;
    const { subscriptionId, eventId, deliveryId } = fixture;
    expect(await t.db.webhookSubscriptions.get(b, subscriptionId)).toBeNull();
    expect(await t.db.webhookSubscriptions.listByType(b, 'message_received')).toEqual([]);
    expect(await t.db.webhookSubscriptions.remove(b, subscriptionId)).toBe(false);
    expect(
      await t.db.webhookSubscriptions.unsubscribe(b, { url: 'https://a.example', type: 'message_received' }),
    ).toBe(false);
    expect(await t.db.events.get(b, eventId)).toBeNull();
    expect(await t.db.events.listRecentByType(b, 'message_received')).toEqual([]);
    expect(await t.db.events.markFannedOut(b, eventId, 'runner-a')).toBe(false);
    expect(await t.db.deliveries.get(b, deliveryId)).toBeNull();
    expect(await t.db.deliveries.listForEvent(b, eventId)).toEqual([]);
    expect(
      await t.db.deliveries.createForEvent(b, eventId, [{ id: subscriptionId, url: 'https://b.example' }]),
    ).toEqual({ created: 1 });
    const attempt = { attempt: 1, at: T0, statusCode: 200, error: null, durationMs: 1 };
    await expect(t.db.deliveries.recordAttempt(b, deliveryId, 'runner-a', attempt)).rejects.toBeInstanceOf(
      LeaseLostError,
    );
    await expect(t.db.deliveries.reschedule(b, deliveryId, 'runner-a', T0)).rejects.toBeInstanceOf(
      LeaseLostError,
    );
    await expect(t.db.deliveries.markDelivered(b, deliveryId, 'runner-a', T0)).rejects.toBeInstanceOf(
      LeaseLostError,
    );
    await expect(t.db.deliveries.markFailed(b, deliveryId, 'runner-a', T0)).rejects.toBeInstanceOf(
      LeaseLostError,
    );
    expect(await t.db.webhookSubscriptions.get(a, subscriptionId)).not.toBeNull();
    expect(await t.db.events.get(a, eventId)).not.toBeNull();
    expect(await t.db.deliveries.get(a, deliveryId)).toMatchObject({
      status: 'pending',
      log: [],
      leaseOwner: 'runner-a',
    });
    expect(await t.db.deliveries.listForEvent(a, eventId)).toHaveLength(1);
  });
});

describe('the scoped collection itself', () => {
  const campaigns = () => new ScopedModel<CampaignRecord>(must(suite.t.connection.models['Campaign']));

  it('ignores a workspaceId in the caller’s filter', async () => {
    const { a, b, fixture } = suite;
    expect(await campaigns().find(b, { workspaceId: a })).toEqual([]);
    expect(await campaigns().count(b, { $or: [{ workspaceId: a }, { _id: fixture.campaign.id }] })).toBe(0);
  });

  it('cannot move a record to another workspace', async () => {
    const { t, a, b, fixture } = suite;
    await campaigns()
      .updateOne(a, { _id: fixture.campaign.id }, { $set: { workspaceId: b } })
      .catch(() => undefined);
    expect((await t.db.campaigns.get(a, fixture.campaign.id))?.workspaceId).toBe(a);
  });

  it('keeps aggregations inside the workspace', async () => {
    const { a, b } = suite;
    const rows = await campaigns().aggregate<{ n: number }>(b, [
      { $match: { workspaceId: a } },
      { $count: 'n' },
    ]);
    expect(rows).toEqual([]);
  });
});
