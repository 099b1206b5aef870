import type { SubscriptionPage } from '@outreach/contract';
import type { ListHooksQuery } from '../inputs.js';
import { toApiSubscription } from '../../mappers/subscription.mapper.js';
import { definedOnly, type OperationContext } from '../context.js';

/** The workspace's webhook subscriptions in creation order, one page read from the database. */
export async function listHooks(ctx: OperationContext, query: ListHooksQuery): Promise<SubscriptionPage> {
  const page = await ctx.db.webhookSubscriptions.listPage(ctx.workspaceId, definedOnly(query));
  return {
    total: page.total,
    offset: query.offset,
    limit: query.limit,
    nextCursor: page.nextCursor ?? null,
    items: page.items.map(toApiSubscription),
  };
}
