import type { LeadListPage, SearchParameterList } from '@outreach/contract';
import type { OperationContext } from '../context.js';
import type { ListAccountLeadListsQuery, ListSearchParametersQuery } from '../inputs.js';
import {
  providerAccountOf,
  providerFailure,
  requireLeadSources,
  requireUsableAccount,
} from './source-access.js';

/** The sender's Sales Navigator lead lists, one page as the provider has them. */
export async function listAccountLeadLists(
  ctx: OperationContext,
  accountId: string,
  query: ListAccountLeadListsQuery,
): Promise<LeadListPage> {
  const account = await requireUsableAccount(ctx, accountId);
  const network = requireLeadSources(ctx);
  try {
    const page = await network.listLeadLists({
      accountId: providerAccountOf(account),
      limit: query.limit,
      ...(query.after === undefined ? {} : { cursor: query.after }),
    });
    return {
      nextCursor: page.cursor,
      items: page.items.map((list) => ({ id: list.id, name: list.name, size: list.size })),
    };
  } catch (error) {
    throw providerFailure(error, account.id);
  }
}

/** The ids of a search filter's values matching the keywords, as the provider has them. */
export async function listSearchParameters(
  ctx: OperationContext,
  accountId: string,
  query: ListSearchParametersQuery,
): Promise<SearchParameterList> {
  const account = await requireUsableAccount(ctx, accountId);
  const network = requireLeadSources(ctx);
  try {
    const items = await network.searchParameters({
      accountId: providerAccountOf(account),
      type: query.type,
      limit: query.limit,
      ...(query.keywords === undefined ? {} : { keywords: query.keywords }),
      ...(query.api === undefined ? {} : { api: query.api }),
    });
    return { items: items.map((parameter) => ({ id: parameter.id, title: parameter.title })) };
  } catch (error) {
    throw providerFailure(error, account.id);
  }
}
