import { EVENT_TYPES, type EventType } from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

export interface WebhookSubscriptionRecord {
  _id: string;
  workspaceId: string;
  url: string;
  type: EventType;
  /** Signing secret, `whsec_` + base64 (Standard Webhooks). */
  secret: string;
  createdAt: Date;
  /** Health, kept by the dispatcher as attempts settle: the last 2xx answer. */
  lastSuccessAt?: Date | null;
  /** The last attempt that was not a 2xx answer. */
  lastFailureAt?: Date | null;
  /** Attempts that failed since the last success (or since the subscription began). */
  consecutiveFailures?: number;
}

export const webhookSubscriptionSchema = new Schema<WebhookSubscriptionRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    url: { type: String, required: true },
    type: { type: String, enum: EVENT_TYPES, required: true },
    secret: { type: String, required: true },
    createdAt: { type: Date, required: true },
    lastSuccessAt: { type: Date, default: null },
    lastFailureAt: { type: Date, default: null },
    consecutiveFailures: { type: Number, default: 0 },
  },
  recordOptions('webhook_subscriptions'),
);

// Serves `subscribe` (one subscription per (url, type): re-subscribing finds it), `unsubscribe`
// by (url, type) and `listByType` (the dispatcher's fan-out, on the (workspace, type) prefix).
webhookSubscriptionSchema.index({ workspaceId: 1, type: 1, url: 1 }, { unique: true });
// Serves `list` and `listPage`: a workspace's subscriptions in creation order, paged.
webhookSubscriptionSchema.index({ workspaceId: 1, createdAt: 1, _id: 1 });
