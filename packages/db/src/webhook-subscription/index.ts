export type { SubscriptionHealth, WebhookSubscription } from './webhook-subscription.entity.js';
export type { WebhookSubscriptionRepository } from './webhook-subscription.repository.js';
