import type { HookDeliveryPage } from '@outreach/contract';
import { toApiDelivery } from '../../mappers/delivery.mapper.js';
import type { OperationContext } from '../context.js';
import type { ListHookDeliveriesQuery } from '../inputs.js';
import { requireSubscription } from './require-hook.js';

/**
 * One page of a subscription's delivery log, newest first. A subscription receives one event
 * type, so an `eventType` filter keeps all of its deliveries or none, without a query.
 */
export async function listHookDeliveries(
  ctx: OperationContext,
  subscriptionId: string,
  query: ListHookDeliveriesQuery,
): Promise<HookDeliveryPage> {
  const subscription = await requireSubscription(ctx, subscriptionId);
  const paging = { offset: query.offset, limit: query.limit };
  if (query.eventType !== undefined && query.eventType !== subscription.type) {
    return { total: 0, ...paging, nextCursor: null, items: [] };
  }
  const page = await ctx.db.deliveries.listForSubscription(ctx.workspaceId, subscription.id, {
    ...paging,
    ...(query.after !== undefined ? { after: query.after } : {}),
    ...(query.status !== undefined ? { status: query.status } : {}),
  });
  return {
    total: page.total,
    ...paging,
    nextCursor: page.nextCursor ?? null,
    items: page.items.map((d) => toApiDelivery(d, subscription.type)),
  };
}
