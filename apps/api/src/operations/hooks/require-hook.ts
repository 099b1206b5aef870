import { DomainError } from '@outreach/domain';
import type { OperationContext } from '../context.js';

/** The workspace's subscription, or the 404 that hides whether it exists in another workspace. */
export async function requireSubscription(ctx: OperationContext, subscriptionId: string) {
  const subscription = await ctx.db.webhookSubscriptions.get(ctx.workspaceId, subscriptionId);
  if (!subscription) {
    throw new DomainError('subscription_not_found', `webhook subscription not found: ${subscriptionId}`, {
      subscriptionId,
    });
  }
  return subscription;
}

/** The workspace's delivery, or the 404 that hides whether it exists in another workspace. */
export async function requireDelivery(ctx: OperationContext, deliveryId: string) {
  const delivery = await ctx.db.deliveries.get(ctx.workspaceId, deliveryId);
  if (!delivery) {
    throw new DomainError('delivery_not_found', `webhook delivery not found: ${deliveryId}`, { deliveryId });
  }
  return delivery;
}
