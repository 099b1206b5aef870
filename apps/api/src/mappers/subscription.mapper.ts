import type { Subscription } from '@outreach/contract';
import type { WebhookSubscription } from '@outreach/db';

export function toApiSubscription(subscription: WebhookSubscription): Subscription {
  return {
    id: subscription.id,
    url: subscription.url,
    type: subscription.type,
    createdAt: subscription.createdAt.toISOString(),
    secret: subscription.secret,
    health: {
      lastSuccessAt: subscription.health.lastSuccessAt?.toISOString() ?? null,
      lastFailureAt: subscription.health.lastFailureAt?.toISOString() ?? null,
      consecutiveFailures: subscription.health.consecutiveFailures,
    },
  };
}
