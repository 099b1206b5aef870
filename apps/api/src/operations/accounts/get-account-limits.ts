import type { AccountUsage } from '@outreach/contract';
import { requireAccount, type OperationContext } from '../context.js';
import { accountUsage } from './account-usage.js';

export async function getAccountLimits(ctx: OperationContext, accountId: string): Promise<AccountUsage> {
  return accountUsage(ctx, await requireAccount(ctx, accountId));
}
