import type { SubscriptionPage } from '@outreach/contract';
import type { ListHooksQuery } from '../inputs.js';
import { toApiSubscription } from '../../mappers/subscription.mapper.js';
import type { OperationContext } from '../context.js';

/** A workspace holds at most a few subscriptions per event type; the page is cut from the list. */
export async function listHooks(ctx: OperationContext, query: ListHooksQuery): Promise<SubscriptionPage> {
  const all = await ctx.db.webhookSubscriptions.list(ctx.workspaceId);
  return {
    total: all.length,
    offset: query.offset,
    limit: query.limit,
    items: all.slice(query.offset, query.offset + query.limit).map(toApiSubscription),
  };
}
