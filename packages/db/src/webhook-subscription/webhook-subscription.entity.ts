import type { EventType } from '@outreach/domain';
import type { WebhookSubscriptionRecord } from './webhook-subscription.schema.js';

export interface WebhookSubscription {
  id: string;
  workspaceId: string;
  url: string;
  type: EventType;
  secret: string;
  createdAt: Date;
  health: SubscriptionHealth;
}

export interface SubscriptionHealth {
  lastSuccessAt: Date | null;
  lastFailureAt: Date | null;
  consecutiveFailures: number;
}

export function toWebhookSubscription(record: WebhookSubscriptionRecord): WebhookSubscription {
  return {
    id: record._id,
    workspaceId: record.workspaceId,
    url: record.url,
    type: record.type,
    secret: record.secret,
    createdAt: record.createdAt,
    health: {
      lastSuccessAt: record.lastSuccessAt ?? null,
      lastFailureAt: record.lastFailureAt ?? null,
      consecutiveFailures: record.consecutiveFailures ?? 0,
    },
  };
}
