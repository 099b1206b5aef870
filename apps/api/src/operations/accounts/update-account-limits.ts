import type { AccountUsage } from '@outreach/contract';
import type { UpdateAccountLimitsBody } from '../inputs.js';
import { mergeAccountLimits } from '@outreach/domain';
import { definedOnly, requireAccount, type OperationContext } from '../context.js';
import { accountUsage } from './account-usage.js';

/** Changes some caps and keeps the others; answers like the limits endpoint. */
export async function updateAccountLimits(
  ctx: OperationContext,
  accountId: string,
  input: UpdateAccountLimitsBody,
): Promise<AccountUsage> {
  const current = await requireAccount(ctx, accountId);
  const patch = definedOnly(input);
  mergeAccountLimits(current.limits, patch);
  const account = await ctx.db.senderAccounts.updateLimits(ctx.workspaceId, accountId, patch);
  return accountUsage(ctx, account);
}
