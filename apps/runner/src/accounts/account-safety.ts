import { transitionKeys, usagePeriods } from '@outreach/domain';
import type { NetworkFailure } from '../network-failures/classify-network-failure.js';
import type { RunnerContext } from '../context/runner-context.js';
import type { RunnerAccount } from '../store/runner-store.port.js';
import { recordSessionLoss } from './record-session-loss.js';
import { nextWindowStart } from './account-limits.js';

/**
 * What a failure does to the sender account, whichever lead or poll ran into it. The account
 * comes first: a limit answer rests it until the window the limit bounds frees (the invitation
 * cap: its week; anything else: its next day), a 500 on a sensitive call rests it until the next
 * day, a restriction stops it at once and tells the user once, a lost session disconnects it.
 * A configuration error (our own key) marks no account: the runner halts its provider work.
 */
export async function applyAccountEffects(
  ctx: RunnerContext,
  account: RunnerAccount,
  failure: NetworkFailure,
  now: Date,
): Promise<void> {
  try {
    await applyToAccount(ctx, account, failure, now);
  } finally {
    // Whatever was written, the pass reads the account again before deciding on it.
    ctx.accounts.forget(account.id);
  }
}

async function applyToAccount(
  ctx: RunnerContext,
  account: RunnerAccount,
  failure: NetworkFailure,
  now: Date,
): Promise<void> {
  switch (failure.kind) {
    case 'rate_limited': {
      const until =
        failure.retryAfterMs === null
          ? nextWindowStart(failure.window, now, account.timezone)
          : new Date(now.getTime() + failure.retryAfterMs);
      await ctx.store.setAccountCooldown(
        account.workspaceId,
        account.id,
        until,
        `provider_limit:${failure.scope}`,
      );
      ctx.logger.warn(
        { accountId: account.id, scope: failure.scope, until },
        'provider limit: account rests',
      );
      return;
    }
    case 'transient':
      if (!failure.accountCooldown) return;
      await ctx.store.setAccountCooldown(
        account.workspaceId,
        account.id,
        usagePeriods(now, account.timezone).day.end,
        'provider_error',
      );
      ctx.logger.warn(
        { accountId: account.id },
        'provider failed on a sensitive call: account rests until tomorrow',
      );
      return;
    case 'session_expired':
      await recordSessionLoss(ctx, account, failure.reason, now);
      return;
    case 'account_restricted':
      await recordRestriction(ctx, account, failure.reason, failure.detail, now);
      return;
    case 'inmail_credits':
      await ctx.store.setInmailBalance(account.workspaceId, account.id, {
        classic: 0,
        sales_navigator: 0,
        recruiter: 0,
        checkedAt: now,
      });
      return;
    case 'configuration':
      ctx.halt(failure.message);
      return;
    default:
      return;
  }
}

/**
 * LinkedIn restricted the account: `network_account_disconnected` fires once for the session with
 * the reason, then the account is marked restricted (the same order and the same event key as a
 * lost session, so a restriction and a later loss of the same session tell the user once). Its
 * leads wait, never close, until it is reconnected or they get another sender.
 */
export async function recordRestriction(
  ctx: RunnerContext,
  account: Pick<RunnerAccount, 'id' | 'workspaceId'>,
  reason: string,
  detail: string,
  at: Date,
): Promise<void> {
  const current = await ctx.store.getAccount(account.workspaceId, account.id);
  if (current === null || current.status === 'restricted') return;
  const session = current.connectedAt ?? current.createdAt;
  await ctx.store.recordEvent({
    type: 'network_account_disconnected',
    transitionKey: transitionKeys.networkAccountDisconnected(current.id, session.toISOString()),
    workspaceId: current.workspaceId,
    occurredAt: at,
    data: {
      accountId: current.id,
      name: current.name,
      reason: `LinkedIn restricted the account: ${detail}`,
      restrictionReason: reason,
      disconnectedAt: at.toISOString(),
    },
  });
  const { changed } = await ctx.store.restrictAccount(current.workspaceId, current.id, {
    reason,
    detail,
    since: at,
  });
  ctx.accounts.forget(current.id);
  if (changed)
    ctx.logger.error({ accountId: current.id, reason, detail }, 'sender account restricted: it stops');
}

/**
 * Why a lead waits for a sender that is resting: a rest LinkedIn's limit on a kind of action put
 * it in is capacity the account ran out of (`awaiting_capacity`, as when our own cap is full); any
 * other rest is the sender being unavailable.
 */
export function restingWaitReason(
  account: Pick<RunnerAccount, 'cooldownReason'>,
): 'awaiting_capacity' | 'sender_unavailable' {
  return account.cooldownReason?.startsWith('provider_limit:') === true
    ? 'awaiting_capacity'
    : 'sender_unavailable';
}
