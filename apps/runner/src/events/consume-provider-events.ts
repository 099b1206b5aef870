import type { StoredProviderEvent } from '@outreach/db';
import type { ProviderMessageEvent, RelationCreatedEvent } from '@outreach/network';
import { providerAccountOf } from '../accounts/provider-account.js';
import type { RunnerContext } from '../context/runner-context.js';
import type { RunnerAccount } from '../store/runner-store.port.js';
import { onInvitationAccepted } from './on-invitation-accepted.js';
import { onMessageReceived } from './on-message-received.js';

/** Events handled per pass at most; the rest waits for the next pass. */
const MAX_EVENTS_PER_PASS = 200;
/** How soon an event whose handling failed is tried again (product time). */
const RETRY_MS = 60_000;

/**
 * Handles the stored provider events (webhooks, reconciliation polls) of the given accounts, oldest
 * first, each claimed under a lease and marked consumed once handled. Every handler is idempotent
 * (keyed writes), so an event handled twice (a runner dying before the mark) changes nothing. An
 * event whose handling fails is handed back for a later pass. Returns how many were handled.
 */
export async function consumeProviderEvents(
  ctx: RunnerContext,
  accounts: readonly RunnerAccount[],
  isStopping: () => boolean,
): Promise<number> {
  const byProviderId = new Map(accounts.map((account) => [providerAccountOf(account), account]));
  if (byProviderId.size === 0) return 0;
  const owner = ctx.options.runnerId;
  let handled = 0;
  while (handled < MAX_EVENTS_PER_PASS && !isStopping()) {
    // Real time: the lease, and the pause before a failed event is tried again, measure this
    // runner's own work, not a campaign's schedule.
    const now = ctx.realClock();
    const event = await ctx.store.claimProviderEvent({ owner, now, leaseMs: ctx.options.leaseMs }, [
      ...byProviderId.keys(),
    ]);
    if (event === null) break;
    const account = byProviderId.get(event.providerAccountId);
    try {
      if (account) await handleProviderEvent(ctx, account, event);
      await ctx.store.settleProviderEvent(event.id, owner, ctx.clock());
    } catch (error) {
      ctx.logger.error({ err: error, eventId: event.id }, 'provider event handed back for a later pass');
      await ctx.store.releaseProviderEvent(event.id, owner, new Date(now.getTime() + RETRY_MS));
    }
    handled += 1;
  }
  return handled;
}

async function handleProviderEvent(
  ctx: RunnerContext,
  account: RunnerAccount,
  event: StoredProviderEvent,
): Promise<void> {
  if (event.type === 'invitation_accepted') {
    const relation = event.data as unknown as RelationCreatedEvent;
    return onInvitationAccepted(ctx, account, {
      type: 'invitation_accepted',
      id: event.id,
      invitationId: event.id,
      providerId: relation.providerId,
      publicIdentifier: relation.publicIdentifier,
      occurredAt: new Date(relation.occurredAt),
    });
  }
  if (event.type === 'message_received') {
    const message = event.data as unknown as ProviderMessageEvent;
    // Events name the lead by its member id, stored on the lead when the runner first acted.
    const leads = await ctx.store.findAccountLeadsByProviderId(
      account.workspaceId,
      account.id,
      message.senderProviderId,
    );
    const lead = leads[0];
    if (lead === undefined) return;
    return onMessageReceived(ctx, account, {
      type: 'message_received',
      id: event.id,
      messageId: message.messageId,
      conversationId: message.chatId,
      publicIdentifier: lead.publicIdentifier,
      content: message.content,
      occurredAt: new Date(message.occurredAt),
    });
  }
  // `message_sent`: the account's own messages; sends are confirmed by reconciliation instead.
}
