import type { HookDelivery } from '@outreach/contract';
import { DomainError } from '@outreach/domain';
import { toApiDelivery } from '../../mappers/delivery.mapper.js';
import type { OperationContext } from '../context.js';
import { deliveryEventType } from './delivery-event-type.js';
import { requireDelivery } from './require-hook.js';

/**
 * Makes a delivery due now: the dispatcher sends it again as a new attempt with the same event,
 * hence the same `webhook-id`. Refused while a dispatcher is sending it (its outcome would
 * overwrite the re-queue) and when the subscription is gone (nothing would be sent).
 */
export async function retryHookDelivery(ctx: OperationContext, deliveryId: string): Promise<HookDelivery> {
  const delivery = await requireDelivery(ctx, deliveryId);
  const subscription = await ctx.db.webhookSubscriptions.get(ctx.workspaceId, delivery.subscriptionId);
  if (!subscription) {
    throw new DomainError(
      'subscription_removed',
      `the subscription of delivery ${deliveryId} was removed; nothing can be sent`,
      { deliveryId, subscriptionId: delivery.subscriptionId },
    );
  }
  const requeued = await ctx.db.deliveries.requeue(ctx.workspaceId, deliveryId, ctx.productClock());
  if (!requeued) {
    throw new DomainError(
      'delivery_in_flight',
      `delivery ${deliveryId} is being sent right now; retry once it is settled`,
      { deliveryId },
    );
  }
  return toApiDelivery(requeued, await deliveryEventType(ctx, requeued));
}
