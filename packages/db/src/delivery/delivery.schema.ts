import { DELIVERY_FAILURE_REASONS, type DeliveryFailureReason } from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Why a delivery failed for good: the domain's vocabulary, re-exported under this package. */
export { DELIVERY_FAILURE_REASONS, type DeliveryFailureReason };

/** The longest response body an attempt log entry keeps; longer answers are cut. */
export const MAX_RESPONSE_BODY_LENGTH = 1024;

export interface DeliveryAttemptRecord {
  attempt: number;
  at: Date;
  /** The receiver's HTTP status, or null when no response came (timeout, refused, DNS). */
  statusCode: number | null;
  /** The start of the receiver's answer, at most `MAX_RESPONSE_BODY_LENGTH` characters. */
  responseBody: string | null;
  error: string | null;
  durationMs: number;
  /** When the attempt left the delivery due again: the retry it scheduled; null otherwise. */
  nextRetryAt?: Date | null;
}

/** One event on its way to one subscription. */
export interface DeliveryRecord {
  _id: string;
  workspaceId: string;
  eventId: string;
  subscriptionId: string;
  url: string;
  status: DeliveryStatus;
  /**
   * Claims so far that were not handed back with `release`: each is an attempt to send, made or
   * cut short by a crash.
   */
  attempts: number;
  /** Present while pending: when the next attempt is due. */
  nextAttemptAt?: Date;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  /**
   * Names the batch claim that holds the delivery, then the batch write that settled it (a later
   * claim replaces it), so a batch settlement can tell its own writes from a lost lease.
   */
  leaseToken?: string | null;
  log: DeliveryAttemptRecord[];
  createdAt: Date;
  updatedAt: Date;
  deliveredAt: Date | null;
  failedAt: Date | null;
  /** Set when the delivery failed for good. */
  failureReason: DeliveryFailureReason | null;
}

const attemptSchema = new Schema<DeliveryAttemptRecord>(
  {
    attempt: { type: Number, required: true },
    at: { type: Date, required: true },
    statusCode: { type: Number, default: null },
    responseBody: { type: String, default: null },
    error: { type: String, default: null },
    durationMs: { type: Number, required: true },
    nextRetryAt: { type: Date, default: null },
  },
  { _id: false, strict: 'throw' },
);

export const deliverySchema = new Schema<DeliveryRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    eventId: { type: String, required: true },
    subscriptionId: { type: String, required: true },
    url: { type: String, required: true },
    status: { type: String, enum: DELIVERY_STATUSES, required: true },
    attempts: { type: Number, default: 0 },
    nextAttemptAt: { type: Date },
    leaseOwner: { type: String, default: null },
    leaseUntil: { type: Date, default: null },
    leaseToken: { type: String, default: null },
    log: { type: [attemptSchema], default: [] },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    deliveredAt: { type: Date, default: null },
    failedAt: { type: Date, default: null },
    failureReason: { type: String, enum: DELIVERY_FAILURE_REASONS, default: null },
  },
  recordOptions('deliveries'),
);

// Serves `createForEvent`: one delivery per (event, subscription), so a fan-out repeated after a
// crash creates nothing twice; also `listForEvent` on the (workspace, event) prefix.
deliverySchema.index({ workspaceId: 1, eventId: 1, subscriptionId: 1 }, { unique: true });
// Serves the dispatcher's `claimDueAcrossWorkspaces` and the candidate read of
// `claimDueBatchAcrossWorkspaces`: pending deliveries by due time. Partial,
// so delivered and failed ones (the bulk of the collection) are not in it.
deliverySchema.index({ nextAttemptAt: 1 }, { partialFilterExpression: { nextAttemptAt: { $exists: true } } });
// Serves `listForSubscription` (a subscription's delivery log, newest first, paged; the status
// filter is residual) and `requeueFailedSince` on the (workspace, subscription) prefix.
deliverySchema.index({ workspaceId: 1, subscriptionId: 1, createdAt: -1, _id: -1 });
