import type { Subscription } from '@outreach/contract';
import type { SubscribeHookBody } from '../inputs.js';
import { toApiSubscription } from '../../mappers/subscription.mapper.js';
import type { OperationContext } from '../context.js';
import { assertWebhookTarget } from './webhook-target.js';

/**
 * Subscribes a URL to one event type; an existing (url, type) pair is returned as it is. URLs on
 * private or loopback addresses are refused unless the deployment allows them (see
 * `refusedTargetHost`).
 */
export async function subscribeHook(
  ctx: OperationContext,
  input: SubscribeHookBody,
): Promise<{ subscription: Subscription; created: boolean }> {
  assertWebhookTarget(input.url, ctx.settings.webhookTargets);
  const { subscription, created } = await ctx.db.webhookSubscriptions.subscribe(ctx.workspaceId, input);
  return { subscription: toApiSubscription(subscription), created };
}
