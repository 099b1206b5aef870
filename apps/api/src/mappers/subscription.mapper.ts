import type { Subscription } from '@outreach/contract';
import type { WebhookSubscription } from '@outreach/db';

export function toApiSubscription(subscription: WebhookSubscription): Subscription {
  return {
    id: subscription.id,
    url: subscription.url,
    type: subscription.type,
    createdAt: subscription.createdAt.toISOString(),
    secret: subscription.secret,
  };
}
