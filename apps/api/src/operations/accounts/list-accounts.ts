import type { SenderAccountPage } from '@outreach/contract';
import type { ListAccountsQuery } from '../inputs.js';
import { toApiAccount } from '../../mappers/account.mapper.js';
import type { OperationContext } from '../context.js';

/** A workspace has a handful of sender accounts, so the page is cut from the full list. */
export async function listAccounts(
  ctx: OperationContext,
  query: ListAccountsQuery,
): Promise<SenderAccountPage> {
  const accounts = await ctx.db.senderAccounts.list(ctx.workspaceId);
  return {
    total: accounts.length,
    offset: query.offset,
    limit: query.limit,
    items: accounts.slice(query.offset, query.offset + query.limit).map(toApiAccount),
  };
}
