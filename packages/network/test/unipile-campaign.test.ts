/**
 * The v2 contract at campaign scale, without any idempotency on the provider side: 200 leads over
 * four accounts, paced as LinkedIn allows (about a minute and a half between actions, 50
 * invitations and 50 profile retrievals per account and day), a failure after (or before) the
 * provider acted on every few calls, a quarter of the webhooks dropped, and the strict
 * simulator's own webhook faults (late and lost new relations, null message ids). Sending only
 * after reconciliation leaves no duplicate, no account is refused or restricted, and webhooks plus
 * the reconciliation poll together see every acceptance and every reply.
 */
import { describe, expect, it } from 'vitest';
import { TransientNetworkError } from '../src/network.errors.js';
import type { LeadRef, ReconcileVerdict } from '../src/provider/provider-network.port.js';
import { parseUnipileWebhook } from '../src/unipile/unipile-webhooks.js';
import { DAY, HOUR, PREDICTABLE_SIM, SECOND, simAccount, useUnipileSim } from './unipile-harness.js';

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
  // The strict simulator's own webhook faults, as documented, instead of the predictable ones.
  relationWebhookMaxDelayMs: 8 * HOUR,
  relationWebhookLossProbability: 0.05,
  nullMessageIdProbability: 0.05,
});

const ACCOUNTS = [simAccount(10), simAccount(11), simAccount(12), simAccount(13)];
const LEADS = Array.from({ length: 200 }, (_, i) => ({
  accountId: ACCOUNTS[i % ACCOUNTS.length] ?? '',
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

/** A varied gap of 60 to 119 seconds before the nth action, as a careful runner spaces them. */
const pace = (n: number) => h.clock.advance((60 + ((n * 37) % 60)) * SECOND);

/** The event of a webhook body; one naming no message or no chat cannot be matched (the poll finds it). */
function eventOf(body: Record<string, unknown>) {
  if (body.event === 'message_received' && (body.message_id === null || body.chat_id === null)) return null;
  return parseUnipileWebhook(body, h.clock());
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
        pace(i);
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
          const event = eventOf(r.body);
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
        pace(i);
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

      for (const accountId of ACCOUNTS) {
        expect(h.sim.state.account(accountId).restriction).toBeNull();
        const refused = h.sim.calls({ accountId }).filter((c) => c.status === 429 || c.status === 403);
        expect(refused).toEqual([]);
      }
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
        const event = eventOf(r.body);
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
