import type { AccountUsage } from '@outreach/contract';
import { requireAccount, type OperationContext } from '../context.js';
import { accountUsage } from './account-usage.js';

/**
 * Lifts the account's acceptance guard: it invites again at its own limits, and the guard judges
 * only the invitations sent from now on (product time, the runner's clock). Answers like the limits
 * endpoint.
 */
export async function resumeAcceptanceGuard(ctx: OperationContext, accountId: string): Promise<AccountUsage> {
  await requireAccount(ctx, accountId);
  await ctx.db.accountInvitations.resume(ctx.workspaceId, accountId, ctx.productClock());
  return accountUsage(ctx, await requireAccount(ctx, accountId));
}
