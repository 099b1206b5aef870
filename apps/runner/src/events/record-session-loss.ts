import { transitionKeys } from '@outreach/domain';
import type { RunnerContext } from '../runner/runner-context.js';
import type { RunnerAccount } from '../store/runner-store.port.js';

/**
 * The sender account lost its session (reported by its event feed or by a failed call): it is
 * disconnected, and `network_account_disconnected` fires for the call that made the transition
 * only. Its leads then wait as `sender_unavailable` until the account is reconnected.
 */
export async function recordSessionLoss(
  ctx: RunnerContext,
  account: RunnerAccount,
  reason: string,
  disconnectedAt: Date,
): Promise<void> {
  const { changed } = await ctx.store.disconnectAccount(account.workspaceId, account.id, reason);
  if (!changed) return;
  ctx.logger.warn({ accountId: account.id, reason }, 'sender account disconnected');
  await ctx.store.recordEvent({
    type: 'network_account_disconnected',
    // The instant of the transition names it: the conditional update above lets one call through
    // per real disconnection, and a reconnected account that loses its session again fires anew.
    transitionKey: transitionKeys.networkAccountDisconnected(account.id, disconnectedAt.toISOString()),
    workspaceId: account.workspaceId,
    occurredAt: disconnectedAt,
    data: { accountId: account.id, name: account.name, reason, disconnectedAt: disconnectedAt.toISOString() },
  });
}
