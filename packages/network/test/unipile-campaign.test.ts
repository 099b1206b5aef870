/**
 * The v2 contract at campaign scale, without any idempotency on the provider side: 200 leads over
 * two accounts, a failure after (or before) the provider acted on every few calls, and a quarter
 * of the webhooks dropped. Sending only after reconciliation leaves no duplicate, and webhooks
 * plus the reconciliation poll together see every acceptance and every reply.
 */
import { describe, expect, it } from 'vitest';
import { TransientNetworkError } from '../src/network.errors.js';
import type { LeadRef, ReconcileVerdict } from '../src/provider/provider-network.port.js';
import { parseUnipileWebhook } from '../src/unipile/unipile-webhooks.js';
import { DAY, HOUR, PREDICTABLE_SIM, simAccount, useUnipileSim } from './unipile-harness.js';

const h = useUnipileSim({
  ...PREDICTABLE_SIM,
  seed: 'campaign',
  acceptProbability: 0.7,
  acceptDelayMinMs: HOUR,
  acceptDelayMaxMs: 2 * DAY,
  replyProbability: 0.5,
  replyDelayMinMs: HOUR,
  replyDelayMaxMs: DAY,
  webhookDropProbability: 0.25,
});

const ACCOUNTS = [simAccount(10), simAccount(11)];
const LEADS = Array.from({ length: 200 }, (_, i) => ({
  accountId: ACCOUNTS[i % 2] ?? '',
  lead: { publicIdentifier: `lead-${String(i).padStart(3, '0')}` } as LeadRef,
}));

/**
 * What a runner does for one action: record the pending time, call, and on an unknown outcome
 * reconcile before it may call again.
 */
async function exactlyOnce(
  send: () => Promise<unknown>,
  reconcile: (since: Date) => Promise<ReconcileVerdict>,
) {
  const since = h.clock();
  for (let attempt = 0; attempt < 5; attempt++) {
    if (attempt > 0 && (await reconcile(since)) === 'sent') return;
    try {
      await send();
      return;
    } catch (error) {
      if (!(error instanceof TransientNetworkError)) throw error;
    }
  }
  throw new Error('gave up');
}

/** Every page of a listing. */
async function all<T>(
  list: (cursor?: string) => Promise<{ items: T[]; cursor: string | null }>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await list(cursor);
    items.push(...page.items);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return items;
}

describe('a 200-lead campaign on the simulator', () => {
  it(
    'sends each invitation and message once and loses no event despite failures and dropped webhooks',
    { timeout: 300_000 },
    async () => {
      const start = h.clock();
      for (const [i, { accountId, lead }] of LEADS.entries()) {
        // Every fifth call acts and then fails; every fifth other one fails before acting.
        if (i % 5 === 0)
          h.sim.state.faults.arm({
            kind: 'server_error',
            accountId,
            operations: ['sendInvitation'],
            afterAction: true,
          });
        if (i % 5 === 2)
          h.sim.state.faults.arm({ kind: 'server_error', accountId, operations: ['sendInvitation'] });
        const member = await h.network.resolveMember({ accountId, publicIdentifier: lead.publicIdentifier });
        lead.providerId = member.providerId;
        await exactlyOnce(
          () => h.network.sendInvitation({ accountId, lead, note: `Hello ${member.profile.firstName}` }),
          (since) => h.network.reconcileInvitation({ accountId, lead, since }),
        );
      }
      h.clock.advance(2 * DAY);
      await h.sim.flush();

      const connected = new Set(
        [...h.sim.state.pairs.values()]
          .filter((p) => p.relationship === 'connected')
          .map((p) => `${p.accountId}/${p.providerId}`),
      );
      const byWebhook = new Set(
        h.receiver.received.flatMap((r) => {
          const event = parseUnipileWebhook(r.body, h.clock());
          return event?.type === 'invitation_accepted' ? [`${event.accountId}/${event.providerId}`] : [];
        }),
      );
      const byPoll = new Set<string>();
      for (const accountId of ACCOUNTS) {
        const relations = await all((cursor) => h.network.listRelations({ accountId, cursor, limit: 50 }));
        for (const relation of relations) byPoll.add(`${accountId}/${relation.providerId}`);
      }
      expect(byWebhook.size).toBeLessThan(connected.size);
      expect(new Set([...byWebhook, ...byPoll])).toEqual(connected);

      const toMessage = LEADS.filter(({ accountId, lead }) =>
        connected.has(`${accountId}/${lead.providerId ?? ''}`),
      );
      for (const [i, { accountId, lead }] of toMessage.entries()) {
        if (i % 4 === 0)
          h.sim.state.faults.arm({
            kind: 'server_error',
            accountId,
            operations: ['sendMessage'],
            afterAction: true,
          });
        const content = `Nice to meet you, ${lead.publicIdentifier}`;
        await exactlyOnce(
          () => h.network.sendMessage({ accountId, lead, content, inmail: 'never' }),
          (since) => h.network.reconcileMessage({ accountId, lead, content, since }),
        );
      }
      h.clock.advance(DAY);
      await h.sim.flush();

      const invitations = h.sim.state.log.list({ type: 'invitation' });
      const messages = h.sim.state.log.list({ type: 'message' });
      expect(invitations).toHaveLength(LEADS.length);
      expect(new Set(invitations.map((a) => `${a.accountId}/${a.publicIdentifier}`)).size).toBe(LEADS.length);
      expect(messages).toHaveLength(toMessage.length);
      expect(new Set(messages.map((a) => `${a.accountId}/${a.publicIdentifier}`)).size).toBe(
        toMessage.length,
      );

      const replies = new Set(
        [...h.sim.state.chats.values()].flatMap((chat) =>
          chat.messages.filter((m) => !m.isSender).map((m) => m.id),
        ),
      );
      const repliesByWebhook = h.receiver.received.flatMap((r) => {
        const event = parseUnipileWebhook(r.body, h.clock());
        return event?.type === 'message_received' ? [event.messageId] : [];
      });
      const repliesByPoll: string[] = [];
      for (const accountId of ACCOUNTS) {
        const recent = await all((cursor) =>
          h.network.listRecentMessages({ accountId, since: start, cursor, limit: 100 }),
        );
        repliesByPoll.push(...recent.filter((m) => !m.fromAccount).map((m) => m.messageId));
      }
      expect(replies.size).toBeGreaterThan(0);
      expect(new Set(repliesByWebhook).size).toBeLessThan(replies.size);
      expect(new Set([...repliesByWebhook, ...repliesByPoll])).toEqual(replies);
    },
  );
});
