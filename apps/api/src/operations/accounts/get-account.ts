import type { SenderAccount } from '@outreach/contract';
import { toApiAccount } from '../../mappers/account.mapper.js';
import { requireAccount, type OperationContext } from '../context.js';

export async function getAccount(ctx: OperationContext, accountId: string): Promise<SenderAccount> {
  return toApiAccount(await requireAccount(ctx, accountId), ctx.productClock());
}
