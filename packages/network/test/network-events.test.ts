/**
 * De-risks what the runner learns from polling: acceptances and replies appear only once the
 * clock reaches them, in time order, with ids that stay the same when a poll is repeated.
 */
import { describe, expect, it } from 'vitest';
import {
  HOUR,
  MINUTE,
  PREDICTABLE,
  START,
  accountId,
  newKey,
  startSandbox,
  useSandbox,
} from './sandbox-harness.js';

const h = useSandbox();
const sender = accountId(5);

const invite = (publicIdentifier: string) =>
  h.network.sendInvitation({ accountId: sender, publicIdentifier, idempotencyKey: newKey() });

describe('pollEvents', () => {
  it('reports an acceptance once the clock reaches it, not before', async () => {
    const { invitationId } = await invite('quinn-ray');
    h.clock.advance(HOUR - 1);
    const early = await h.network.pollEvents({ accountId: sender });
    expect(early.events).toEqual([]);

    h.clock.advance(1);
    const later = await h.network.pollEvents({ accountId: sender, cursor: early.cursor });

    expect(later.events).toEqual([
      {
        id: expect.stringMatching(/^sbx-evt-/),
        type: 'invitation_accepted',
        invitationId,
        publicIdentifier: 'quinn-ray',
        occurredAt: new Date(Date.parse(START) + HOUR),
      },
    ]);
  });

  it('reports the reply to a message to a connected lead, in its conversation, after the reply delay', async () => {
    await invite('rosa-sun');
    h.clock.advance(HOUR);
    const sent = await h.network.sendMessage({
      accountId: sender,
      publicIdentifier: 'rosa-sun',
      content: 'Hi',
      inmail: false,
      idempotencyKey: newKey(),
    });
    h.clock.advance(10 * MINUTE);

    const { events } = await h.network.pollEvents({ accountId: sender });

    expect(events.map((e) => e.type)).toEqual(['invitation_accepted', 'message_received']);
    expect(events[1]).toMatchObject({
      conversationId: sent.conversationId,
      publicIdentifier: 'rosa-sun',
      content: PREDICTABLE.replyTexts?.[0],
      occurredAt: new Date(sent.sentAt.getTime() + 10 * MINUTE),
    });
  });

  it('returns the same events with the same ids when a poll is repeated from an old cursor', async () => {
    await invite('sol-tan');
    await invite('tia-uhl');
    h.clock.advance(HOUR);
    const first = await h.network.pollEvents({ accountId: sender });

    const repeated = await h.network.pollEvents({ accountId: sender });
    const next = await h.network.pollEvents({ accountId: sender, cursor: first.cursor });

    expect(repeated.events).toEqual(first.events);
    expect(first.events).toHaveLength(2);
    expect(next.events).toEqual([]);
    expect(next.cursor).toBe(first.cursor);
  });

  it('pages with limit and says when more events are waiting', async () => {
    for (const lead of ['u-1', 'u-2', 'u-3']) await invite(lead);
    h.clock.advance(HOUR);

    const page1 = await h.network.pollEvents({ accountId: sender, limit: 2 });
    const page2 = await h.network.pollEvents({ accountId: sender, cursor: page1.cursor, limit: 2 });

    expect([page1.events.length, page1.hasMore, page2.events.length, page2.hasMore]).toEqual([
      2,
      true,
      1,
      false,
    ]);
    expect(new Set([...page1.events, ...page2.events].map((e) => e.id)).size).toBe(3);
  });

  it('keeps each account its own feed', async () => {
    await invite('vic-wu');
    h.clock.advance(HOUR);

    expect((await h.network.pollEvents({ accountId: accountId(6) })).events).toEqual([]);
  });

  it('reports a forced inbound message and a forced acceptance at once, and not the scheduled acceptance again', async () => {
    await invite('wes-xu');
    await h.control.acceptInvitation(sender, 'wes-xu');
    await h.control.sendInboundMessage(sender, 'wes-xu', 'Are you hiring?');
    h.clock.advance(2 * HOUR);

    const { events } = await h.network.pollEvents({ accountId: sender });

    expect(events.map((e) => e.type)).toEqual(['invitation_accepted', 'message_received']);
    expect(events[1]).toMatchObject({ content: 'Are you hiring?', occurredAt: new Date(START) });
    expect(await h.network.getRelationship({ accountId: sender, publicIdentifier: 'wes-xu' })).toBe(
      'connected',
    );
  });

  it('never reports an acceptance when the acceptance probability is zero', async () => {
    const silent = await startSandbox({ ...PREDICTABLE, acceptProbability: 0 });
    try {
      await silent.network.sendInvitation({
        accountId: sender,
        publicIdentifier: 'yan-zo',
        idempotencyKey: newKey(),
      });
      silent.clock.advance(365 * 24 * HOUR);

      expect((await silent.network.pollEvents({ accountId: sender })).events).toEqual([]);
      expect(await silent.network.getRelationship({ accountId: sender, publicIdentifier: 'yan-zo' })).toBe(
        'invitation_pending',
      );
    } finally {
      await silent.running.close();
    }
  });
});
