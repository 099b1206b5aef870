import { EVENT_TYPES, type EventType } from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

/**
 * The outbox: every event the product fires, written in the same step as the change it
 * reports, then fanned out to subscriptions by the dispatcher. `_id` is deterministic (see
 * `eventId` of `@outreach/domain`), so a transition reported twice is stored once.
 */
export interface EventRecord {
  _id: string;
  workspaceId: string;
  type: EventType;
  /** The event's payload as delivered (timestamps as ISO strings). */
  data: Record<string, unknown>;
  /** When the transition happened (the envelope's `timestamp`). */
  timestamp: Date;
  /** Present until the dispatcher has created the event's deliveries: when it may do so. */
  fanOutAfter?: Date;
  /**
   * The W3C `traceparent` of the traced work that wrote the event (a runner step, a request), for
   * the dispatcher's delivery spans to link to; absent when tracing was off. Never delivered.
   */
  traceparent?: string | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  createdAt: Date;
}

export const eventSchema = new Schema<EventRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    type: { type: String, enum: EVENT_TYPES, required: true },
    data: { type: Schema.Types.Mixed, required: true },
    timestamp: { type: Date, required: true },
    fanOutAfter: { type: Date },
    traceparent: { type: String, default: null },
    leaseOwner: { type: String, default: null },
    leaseUntil: { type: Date, default: null },
    createdAt: { type: Date, required: true },
  },
  recordOptions('events'),
);

// Serves `listRecentByType` (the samples endpoint): a workspace's events of one type, newest first.
eventSchema.index({ workspaceId: 1, type: 1, timestamp: -1 });
// Serves the dispatcher's `claimForFanOutAcrossWorkspaces`: events not yet fanned out, oldest
// first. Partial, so events already fanned out (nearly all of them) are not in it.
eventSchema.index({ fanOutAfter: 1 }, { partialFilterExpression: { fanOutAfter: { $exists: true } } });
