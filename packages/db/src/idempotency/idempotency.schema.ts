import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

export const IDEMPOTENCY_STATES = ['in_flight', 'completed'] as const;
export type IdempotencyState = (typeof IDEMPOTENCY_STATES)[number];

/** The answer stored for a completed request, replayed to every repeat of it. */
export interface StoredResponseRecord {
  statusCode: number;
  /** The JSON body as sent, serialised: stored as text so any key survives (`$`, dots). */
  body: string;
}

/**
 * One `Idempotency-Key` of one API key: claimed by the first request that carries it (in flight),
 * then completed with that request's answer. `_id` is random; the unique index below is what
 * makes the claim atomic across API instances.
 */
export interface IdempotencyRecord {
  _id: string;
  workspaceId: string;
  apiKeyId: string;
  key: string;
  /** Hash of the method, path and body of the first request: a repeat must match it. */
  fingerprint: string;
  state: IdempotencyState;
  /** The claim of the request being processed; completing or releasing the key needs it. */
  token: string;
  /** While in flight: after this instant the claim counts as abandoned (a crashed instance). */
  lockedUntil: Date | null;
  /**
   * An ObjectId's hex, chosen by the first claim: the id of what the request creates, so that a
   * request taking the claim over after the first died mid-way creates under the same id and finds
   * the first one's record instead of storing another. Absent on keys claimed before it existed.
   */
  creationId?: string;
  response: StoredResponseRecord | null;
  createdAt: Date;
  updatedAt: Date;
  /**
   * 24 real hours after the first request; the TTL index removes the key then. Like every time of
   * this record (`createdAt`, `updatedAt`, `lockedUntil`), it is HTTP time: real, never compressed.
   */
  expiresAt: Date;
}

const storedResponseSchema = new Schema<StoredResponseRecord>(
  {
    statusCode: { type: Number, required: true },
    body: { type: String, required: true },
  },
  { _id: false, strict: 'throw' },
);

export const idempotencySchema = new Schema<IdempotencyRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    apiKeyId: { type: String, required: true },
    key: { type: String, required: true },
    fingerprint: { type: String, required: true },
    state: { type: String, enum: IDEMPOTENCY_STATES, required: true },
    token: { type: String, required: true },
    lockedUntil: { type: Date, default: null },
    creationId: { type: String },
    response: { type: storedResponseSchema, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  recordOptions('idempotency_keys'),
);

// Serves `claim`: one record per (workspace, API key, Idempotency-Key), so of two requests that
// insert the same key at once, on any instance, exactly one wins; also every lookup by key.
idempotencySchema.index({ workspaceId: 1, apiKeyId: 1, key: 1 }, { unique: true });
// Serves nothing but housekeeping: MongoDB deletes a key once its 24 hours are over.
idempotencySchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
