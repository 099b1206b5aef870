import { Schema } from 'mongoose';
import { recordOptions } from '../common/record-options.js';

export const PROVIDER_EVENT_TYPES = [
  'invitation_accepted',
  'message_received',
  'message_sent',
  'account_status',
  'account_linked',
] as const;
export type ProviderEventType = (typeof PROVIDER_EVENT_TYPES)[number];

/** How long a consumed event is kept before its TTL index removes it. */
export const CONSUMED_EVENT_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * One event pushed by the network provider (webhook) or found by a reconciliation poll. Not a
 * tenant record: it arrives keyed by the provider's account id, before anything says which
 * workspace holds that account. `_id` is the provider's stable event id (relations, messages), so
 * a redelivery cannot store it twice; states (account status, hosted-auth callbacks) have none and
 * get `state:<ObjectId hex>`, which also orders them.
 */
export interface ProviderEventRecord {
  _id: string;
  provider: string;
  type: ProviderEventType;
  providerAccountId: string;
  /** The event in the port's terms (dates included), as parsed from the provider's body. */
  data: Record<string, unknown>;
  receivedAt: Date;
  /** Set once the event was applied; null while it waits for a consumer. */
  consumedAt: Date | null;
  /** When a consumed event is removed (`CONSUMED_EVENT_RETENTION_MS` after consumption); null until then. */
  expiresAt: Date | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  /** Claims so far: an event that keeps failing is visible, not silently retried forever. */
  attempts: number;
}

export const providerEventSchema = new Schema<ProviderEventRecord>(
  {
    _id: { type: String, required: true },
    provider: { type: String, required: true },
    type: { type: String, enum: PROVIDER_EVENT_TYPES, required: true },
    providerAccountId: { type: String, required: true },
    data: { type: Schema.Types.Mixed, required: true },
    receivedAt: { type: Date, required: true },
    consumedAt: { type: Date, default: null },
    expiresAt: { type: Date, default: null },
    leaseOwner: { type: String, default: null },
    leaseUntil: { type: Date, default: null },
    attempts: { type: Number, required: true, default: 0 },
  },
  recordOptions('provider_events'),
);

// Serves `claimPending`: the unconsumed events of some provider accounts, oldest first.
providerEventSchema.index({ consumedAt: 1, providerAccountId: 1, receivedAt: 1, _id: 1 });
// Consumed events would otherwise pile up forever. A week outlives the provider's webhook retries
// and the reconciliation poll's overlap, so a redelivery of a consumed event still meets its id and
// is not applied twice; unconsumed events (expiresAt null) are never removed.
providerEventSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
// Serves `latestState`: the newest status report of one account.
providerEventSchema.index({ providerAccountId: 1, type: 1, _id: -1 });
