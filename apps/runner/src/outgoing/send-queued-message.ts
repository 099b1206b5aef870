import { isCoolingDown, isSenderUsable } from '@outreach/domain';
import { classifyNetworkFailure } from '../network-failures/classify-network-failure.js';
import { retryDelayMs } from '../network-failures/retry-backoff.js';
import { nextWindowStart } from '../accounts/account-limits.js';
import { applyAccountEffects } from '../accounts/account-safety.js';
import { actFor } from '../accounts/call-meter.js';
import { providerAccountOf } from '../accounts/provider-account.js';
import { leadRef } from '../step-run/provider-lead.js';
import type { RunnerContext } from '../context/runner-context.js';
import type { QueuedMessage, RunnerAccount, RunnerLead } from '../store/runner-store.port.js';

/**
 * Sends one message a user wrote in a conversation (queued by the API) through the conversation's
 * sender account. A retry after a crash or an unknown outcome reconciles with the chat first, so it
 * never sends the message twice; it is then marked sent with the network's id. A blocked
 * lead receives nothing: the message fails. A sender that cannot act now (disconnected, cooling
 * down) delays it.
 */
export async function sendQueuedMessage(ctx: RunnerContext, message: QueuedMessage): Promise<void> {
  const { store, options } = ctx;
  const now = ctx.clock();
  const retryIn = (ms: number, reason: string) => retryQueued(ctx, message, ms, reason, now);
  const fail = (reason: string) => failQueued(ctx, message, reason);

  const lead = await store.getLead(message.workspaceId, message.leadId);
  if (lead === null) return fail('the lead no longer exists');
  if (await store.isBlocked(message.workspaceId, lead.campaignId, lead.publicIdentifier))
    return fail('the lead is blocked');
  const account =
    message.accountId === null ? null : await store.getAccount(message.workspaceId, message.accountId);
  if (account === null) return fail('the conversation has no sender account');
  if (!isSenderUsable(account)) return retryIn(options.recheckMs, 'sender account unavailable');
  if (isCoolingDown(account.cooldownUntil, now)) {
    return retryIn(
      (account.cooldownUntil?.getTime() ?? now.getTime()) - now.getTime(),
      'sender account cooling down',
    );
  }

  return actFor(account, () => sendThroughAccount(ctx, message, account, lead, now));
}

async function sendThroughAccount(
  ctx: RunnerContext,
  message: QueuedMessage,
  account: RunnerAccount,
  lead: RunnerLead,
  now: Date,
): Promise<void> {
  const { store, network, options } = ctx;
  const owner = options.runnerId;
  const retryIn = (ms: number, reason: string) => retryQueued(ctx, message, ms, reason, now);
  const fail = (reason: string) => failQueued(ctx, message, reason);
  try {
    const accountId = providerAccountOf(account);
    const ref = leadRef(lead);
    // A reply goes into the conversation the lead started or answered: no read of the relationship
    // first (each is a profile retrieval from the account's daily allowance). Without a chat the
    // provider refuses a plain message, and an account with InMail opens one.
    // A retry may follow a send whose outcome was lost: the chat is looked at first, and a message
    // from the account with exactly this text counts as this one (the queue keeps no send time, so
    // the whole chat is looked at: an identical earlier text is taken for it rather than risk a
    // second copy).
    if (message.attempts > 1) {
      const earlier = await network.reconcileMessage({
        accountId,
        lead: ref,
        content: message.content,
        since: new Date(0),
      });
      if (earlier === 'sent') {
        await store.markQueuedMessageSent(message.workspaceId, message.id, owner, {
          externalId: `reconciled:${message.id}`,
          sentAt: now,
        });
        return;
      }
    }
    const sent = await network.sendMessage({
      accountId,
      lead: ref,
      content: message.content,
      inmail: account.inmailAllowed ? 'when_not_connected' : 'never',
    });
    await store.markQueuedMessageSent(message.workspaceId, message.id, owner, {
      externalId: sent.messageId,
      sentAt: sent.sentAt,
    });
  } catch (error) {
    const failure = classifyNetworkFailure(error);
    if (failure === null) throw error;
    await applyAccountEffects(ctx, account, failure, now);
    switch (failure.kind) {
      case 'rate_limited': {
        const until =
          failure.retryAfterMs === null
            ? nextWindowStart(failure.window, now, account.timezone).getTime() - now.getTime()
            : failure.retryAfterMs;
        return retryIn(until, 'provider limit');
      }
      case 'budget_exhausted':
        return retryIn(failure.freesAt.getTime() - now.getTime(), 'call budget used up');
      case 'session_expired':
      case 'account_restricted':
      case 'configuration':
        return retryIn(options.recheckMs, failure.kind);
      case 'transient':
        return retryIn(
          retryDelayMs(message.id, message.attempts, options.retryBaseMs, options.retryMaxMs),
          failure.message,
        );
      default:
        return fail(failure.kind === 'permanent' ? failure.message : failure.kind);
    }
  }
}

function retryQueued(ctx: RunnerContext, message: QueuedMessage, ms: number, error: string, now: Date) {
  return ctx.store.retryQueuedMessage(message.workspaceId, message.id, ctx.options.runnerId, {
    retryAt: new Date(now.getTime() + ms),
    error,
  });
}

function failQueued(ctx: RunnerContext, message: QueuedMessage, error: string) {
  return ctx.store.retryQueuedMessage(message.workspaceId, message.id, ctx.options.runnerId, {
    retryAt: null,
    error,
  });
}
