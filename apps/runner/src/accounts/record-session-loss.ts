import { transitionKeys } from '@outreach/domain';
import type { RunnerContext } from '../context/runner-context.js';
import type { RunnerAccount } from '../store/runner-store.port.js';

/**
 * The sender account lost its session (reported by its event feed or by a failed call): the
 * account is disconnected and `network_account_disconnected` fires, once per lost session. Its
 * leads then wait as `sender_unavailable` until the account is reconnected.
 *
 * The event names the session by when it began (`connectedAt`), so every report of one loss (the
 * feed and failed calls, from any runner, and any retry) writes the same event id, and the outbox
 * keeps one. It is written BEFORE the status change: a runner that dies between the two leaves a
 * connected account behind, whose loss is reported and recorded again (adding nothing to the
 * outbox) and whose status then changes. The status change is conditional on that same session,
 * so a late report cannot disconnect a session that began since.
 */
export async function recordSessionLoss(
  ctx: RunnerContext,
  account: Pick<RunnerAccount, 'id' | 'workspaceId'>,
  reason: string,
  disconnectedAt: Date,
): Promise<void> {
  // The account as it is now: a report about an account already disconnected (its loss recorded)
  // adds nothing, and the session to name is the current one.
  const current = await ctx.store.getAccount(account.workspaceId, account.id);
  if (current?.status !== 'connected') return;
  // Accounts stored before sessions were dated name theirs by the account's creation.
  const session = current.connectedAt ?? current.createdAt;
  await ctx.store.recordEvent({
    type: 'network_account_disconnected',
    transitionKey: transitionKeys.networkAccountDisconnected(current.id, session.toISOString()),
    workspaceId: current.workspaceId,
    occurredAt: disconnectedAt,
    data: {
      accountId: current.id,
      name: current.name,
      reason,
      restrictionReason: null,
      disconnectedAt: disconnectedAt.toISOString(),
    },
  });
  const { changed } = await ctx.store.disconnectAccount(current.workspaceId, current.id, {
    reason,
    session: current.connectedAt,
  });
  ctx.accounts.forget(current.id);
  if (changed) ctx.logger.warn({ accountId: current.id, reason }, 'sender account disconnected');
}
