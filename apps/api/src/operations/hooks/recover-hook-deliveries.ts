import type { RecoverResult } from '@outreach/contract';
import type { OperationContext } from '../context.js';
import type { RecoverHookDeliveriesBody } from '../inputs.js';
import { requireSubscription } from './require-hook.js';

/** Makes every failed delivery of the subscription created since `since` due again now. */
export async function recoverHookDeliveries(
  ctx: OperationContext,
  subscriptionId: string,
  body: RecoverHookDeliveriesBody,
): Promise<RecoverResult> {
  const subscription = await requireSubscription(ctx, subscriptionId);
  // ISO 8601 as validated: a date parses as its UTC midnight, a date-time with its offset.
  const since = new Date(Date.parse(body.since));
  const requeued = await ctx.db.deliveries.requeueFailedSince(
    ctx.workspaceId,
    subscription.id,
    since,
    ctx.productClock(),
  );
  return { requeued };
}
