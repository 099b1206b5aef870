import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export interface DeliveryAttemptRecord {
  attempt: number;
  at: Date;
  /** The receiver's HTTP status, or null when no response came (timeout, refused, DNS). */
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

/** One event on its way to one subscription. */
export interface DeliveryRecord {
  _id: string;
  workspaceId: string;
  eventId: string;
  subscriptionId: string;
  url: string;
  status: DeliveryStatus;
  /** Claims so far; each claim is one attempt to send. */
  attempts: number;
  /** Present while pending: when the next attempt is due. */
  nextAttemptAt?: Date;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  log: DeliveryAttemptRecord[];
  createdAt: Date;
  updatedAt: Date;
  deliveredAt: Date | null;
  failedAt: Date | null;
}

const attemptSchema = new Schema<DeliveryAttemptRecord>(
  {
    attempt: { type: Number, required: true },
    at: { type: Date, required: true },
    statusCode: { type: Number, default: null },
    error: { type: String, default: null },
    durationMs: { type: Number, required: true },
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
    log: { type: [attemptSchema], default: [] },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    deliveredAt: { type: Date, default: null },
    failedAt: { type: Date, default: null },
  },
  recordOptions('deliveries'),
);

// Serves `createForEvent`: one delivery per (event, subscription), so a fan-out repeated after a
// crash creates nothing twice; also `listForEvent` on the (workspace, event) prefix.
deliverySchema.index({ workspaceId: 1, eventId: 1, subscriptionId: 1 }, { unique: true });
// Serves the dispatcher's `claimDueAcrossWorkspaces`: pending deliveries by due time. Partial,
// so delivered and failed ones (the bulk of the collection) are not in it.
deliverySchema.index({ nextAttemptAt: 1 }, { partialFilterExpression: { nextAttemptAt: { $exists: true } } });
