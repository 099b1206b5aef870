import type { NetworkEvent } from '@outreach/network';
import { classifyNetworkFailure } from '../network-failures/classify-network-failure.js';
import type { RunnerContext } from '../runner/runner-context.js';
import type { RunnerAccount } from '../store/runner-store.port.js';
import { onInvitationAccepted } from './on-invitation-accepted.js';
import { onMessageReceived } from './on-message-received.js';
import { recordSessionLoss } from './record-session-loss.js';

/** Pages read per account per pass; the rest waits for the next pass. */
const MAX_PAGES_PER_PASS = 5;

/**
 * Reads the account's new network events and handles them in order, from the cursor stored on
 * the account. The cursor is saved only after a page is handled, so a crash re-reads the page;
 * every handler is idempotent (keyed writes), so a re-read changes nothing. The save is a
 * compare-and-set on the cursor the page was read from: when another runner read the same page
 * and saved first, this one stops (the other is further along) and the cursor never goes back.
 * Returns how many events were handled.
 */
export async function pollAccountEvents(ctx: RunnerContext, account: RunnerAccount): Promise<number> {
  let cursor = account.eventCursor;
  let handled = 0;
  for (let page = 0; page < MAX_PAGES_PER_PASS; page += 1) {
    let result;
    try {
      result = await ctx.network.pollEvents({
        accountId: account.id,
        ...(cursor === null ? {} : { cursor }),
      });
    } catch (error) {
      const failure = classifyNetworkFailure(error);
      if (failure === null) throw error;
      if (failure.kind === 'session_expired')
        await recordSessionLoss(ctx, account, failure.reason, ctx.clock());
      ctx.logger.warn(
        { accountId: account.id, failure: failure.kind },
        'event poll failed; next pass retries',
      );
      return handled;
    }
    for (const event of result.events) {
      await handleNetworkEvent(ctx, account, event);
      handled += 1;
    }
    // An empty page leaves the cursor where it is: no write for an account with nothing new.
    if (result.cursor !== cursor) {
      const moved = await ctx.store.saveEventCursor(account.workspaceId, account.id, {
        from: cursor,
        to: result.cursor,
      });
      if (!moved) return handled;
      cursor = result.cursor;
    }
    if (!result.hasMore) break;
  }
  return handled;
}

async function handleNetworkEvent(
  ctx: RunnerContext,
  account: RunnerAccount,
  event: NetworkEvent,
): Promise<void> {
  switch (event.type) {
    case 'invitation_accepted':
      return onInvitationAccepted(ctx, account, event);
    case 'message_received':
      return onMessageReceived(ctx, account, event);
    case 'session_expired':
      // A loss reported for a session that ended before the current one began (the account was
      // reconnected since) is history: it must not disconnect the new session.
      if (account.connectedAt !== null && event.occurredAt < account.connectedAt) return;
      return recordSessionLoss(ctx, account, event.reason, event.occurredAt);
  }
}
