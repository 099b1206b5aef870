/**
 * Events in: the simulator pushes Unipile-shaped webhooks to a real local receiver with the
 * secret header, retries failed deliveries, drops some on purpose, and the adapter's parser turns
 * each body into the port's event. A dropped acceptance is found again by the reconciliation poll.
 */
import { describe, expect, it } from 'vitest';
import type { ProviderEvent } from '../src/provider/provider-events.js';
import { forceInboundMessage } from '../src/unipile-sim/sim-actions.js';
import { parseUnipileWebhook } from '../src/unipile/unipile-webhooks.js';
import { HOUR, MINUTE, SECRET, simAccount, startReceiver, useUnipileSim } from './unipile-harness.js';

const h = useUnipileSim();
const account = simAccount(4);

const events = (): (ProviderEvent | null)[] =>
  h.receiver.received.map((r) => parseUnipileWebhook(r.body, h.clock()));

describe('Unipile webhooks pushed by the simulator', () => {
  it('an accepted invitation arrives as a new relation, with the secret header', async () => {
    const lead = { publicIdentifier: 'web-accept' };
    const sent = await h.network.sendInvitation({ accountId: account, lead });
    h.clock.advance(HOUR);
    await h.sim.flush();
    expect(h.receiver.received.map((r) => r.headers.secret)).toEqual([SECRET]);
    expect(events()).toEqual([
      expect.objectContaining({
        type: 'invitation_accepted',
        id: `unipile:relation:${account}:${sent.providerId}`,
        accountId: account,
        providerId: sent.providerId,
        publicIdentifier: 'web-accept',
      }),
    ]);
  });

  it('our message arrives as message_sent and the reply as message_received, each with the message id', async () => {
    const lead = { publicIdentifier: 'web-reply' };
    const invitation = await h.network.sendInvitation({ accountId: account, lead });
    h.clock.advance(HOUR);
    const sent = await h.network.sendMessage({ accountId: account, lead, content: 'Hi', inmail: 'never' });
    h.clock.advance(10 * MINUTE);
    await h.sim.flush();
    const messages = events().filter((e) => e?.type === 'message_sent' || e?.type === 'message_received');
    expect(messages).toEqual([
      expect.objectContaining({ type: 'message_sent', messageId: sent.messageId, content: 'Hi' }),
      expect.objectContaining({
        type: 'message_received',
        chatId: sent.chatId,
        senderProviderId: invitation.providerId,
        content: 'Hello back',
      }),
    ]);
    expect(messages[1]?.id).toMatch(/^unipile:message:/);
  });

  it('a lost session arrives as a disconnected account status, a reconnection as reconnected', async () => {
    h.sim.state.account(account);
    h.sim.state.expireSession(account);
    h.sim.state.reconnect(account);
    await h.sim.flush();
    expect(events()).toEqual([
      expect.objectContaining({
        type: 'account_status',
        id: null,
        status: 'disconnected',
        authenticated: false,
      }),
      expect.objectContaining({ type: 'account_status', status: 'reconnected', authenticated: true }),
    ]);
  });

  it('a dropped acceptance never arrives, and the reconciliation poll of relations finds it', async () => {
    const lead = { publicIdentifier: 'web-dropped' };
    const sent = await h.network.sendInvitation({ accountId: account, lead });
    h.sim.webhooks.dropNextWebhooks(1);
    h.clock.advance(HOUR);
    await h.sim.flush();
    expect(h.receiver.received).toEqual([]);
    expect(h.sim.webhooks.list()).toEqual([
      expect.objectContaining({ outcome: 'dropped', dropReason: 'drop_next' }),
    ]);
    const relations = await h.network.listRelations({ accountId: account });
    expect(relations.items.map((r) => r.providerId)).toEqual([sent.providerId]);
  });

  it('a delivery refused twice is retried and arrives on the third attempt', async () => {
    h.receiver.failNext(2, 503);
    forceInboundMessage(h.sim.state, account, 'web-retry', 'Are you there?');
    await h.sim.flush();
    expect(events()).toEqual([
      expect.objectContaining({ type: 'message_received', content: 'Are you there?' }),
    ]);
    expect(h.sim.webhooks.list()).toEqual([expect.objectContaining({ outcome: 'delivered', attempts: 3 })]);
  });

  it('the hosted-auth page completes by itself and calls the notify url, for a new account and a reconnection', async () => {
    const notify = await startReceiver();
    try {
      const created = await h.network.createHostedAuthLink({
        type: 'create',
        name: 'acc_0000000000000000000000a1',
        notifyUrl: notify.url,
        expiresAt: new Date(h.clock().getTime() + HOUR),
      });
      expect((await fetch(created.url)).status).toBe(200);
      const linked = parseUnipileWebhook(notify.received[0]?.body);
      expect(linked).toMatchObject({
        type: 'account_linked',
        status: 'created',
        name: 'acc_0000000000000000000000a1',
      });
      const accountId = linked?.accountId ?? '';
      expect(await h.network.getAccountStatus({ accountId })).toMatchObject({ state: 'connected' });

      h.sim.state.expireSession(accountId);
      const again = await h.network.createHostedAuthLink({
        type: 'reconnect',
        accountId,
        name: 'acc_0000000000000000000000a1',
        notifyUrl: notify.url,
        expiresAt: new Date(h.clock().getTime() + HOUR),
      });
      await fetch(again.url);
      expect(parseUnipileWebhook(notify.received[1]?.body)).toMatchObject({
        type: 'account_linked',
        status: 'reconnected',
        accountId,
      });
      expect(await h.network.getAccountStatus({ accountId })).toMatchObject({
        state: 'connected',
        authenticated: true,
      });
    } finally {
      await notify.close();
    }
  });
});

describe('parseUnipileWebhook', () => {
  it('ignores reactions and read receipts, and rejects a body of no known shape', () => {
    const base = {
      account_id: 'a',
      account_type: 'LINKEDIN',
      chat_id: 'c',
      timestamp: '2025-01-01T00:00:00.000Z',
      message_id: 'm',
      message: 'x',
      sender: { attendee_provider_id: 'p' },
    };
    expect(parseUnipileWebhook({ ...base, event: 'message_reaction' })).toBeNull();
    expect(parseUnipileWebhook({ ...base, event: 'message_read' })).toBeNull();
    expect(() => parseUnipileWebhook({ hello: 'world' })).toThrow(TypeError);
  });
});
