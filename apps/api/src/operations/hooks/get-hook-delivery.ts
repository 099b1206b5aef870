import type { HookDeliveryDetail } from '@outreach/contract';
import { toApiDeliveryDetail } from '../../mappers/delivery.mapper.js';
import type { OperationContext } from '../context.js';
import { deliveryEventType } from './delivery-event-type.js';
import { requireDelivery } from './require-hook.js';

/** A delivery with every attempt, oldest first. */
export async function getHookDelivery(
  ctx: OperationContext,
  deliveryId: string,
): Promise<HookDeliveryDetail> {
  const delivery = await requireDelivery(ctx, deliveryId);
  return toApiDeliveryDetail(delivery, await deliveryEventType(ctx, delivery));
}
