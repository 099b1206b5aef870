import type { EventType } from '@outreach/domain';
import type { WebhookSubscriptionRecord } from './webhook-subscription.schema.js';

export interface WebhookSubscription {
  id: string;
  workspaceId: string;
  url: string;
  type: EventType;
  secret: string;
  createdAt: Date;
}

export function toWebhookSubscription(record: WebhookSubscriptionRecord): WebhookSubscription {
  return {
    id: record._id,
    workspaceId: record.workspaceId,
    url: record.url,
    type: record.type,
    secret: record.secret,
    createdAt: record.createdAt,
  };
}
