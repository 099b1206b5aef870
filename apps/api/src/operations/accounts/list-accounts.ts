import type { SenderAccountPage } from '@outreach/contract';
import type { ListAccountsQuery } from '../inputs.js';
import { toApiAccount } from '../../mappers/account.mapper.js';
import type { OperationContext } from '../context.js';

/** The workspace's sender accounts in creation order, one page read from the database. */
export async function listAccounts(
  ctx: OperationContext,
  query: ListAccountsQuery,
): Promise<SenderAccountPage> {
  const page = await ctx.db.senderAccounts.listPage(ctx.workspaceId, query);
  const now = ctx.productClock();
  return {
    total: page.total,
    offset: query.offset,
    limit: query.limit,
    items: page.items.map((account) => toApiAccount(account, now)),
  };
}
