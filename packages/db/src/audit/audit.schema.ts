import { Schema } from 'mongoose';
import { actorSchema, type ActorRecord } from '../common/actor-schema.js';
import { recordOptions } from '../common/record-options.js';

export const AUDIT_ACTOR_TYPES = ['user', 'key', 'anonymous'] as const;
export type AuditActorType = (typeof AUDIT_ACTOR_TYPES)[number];
export type AuditActor = ActorRecord<AuditActorType>;

export const AUDIT_OUTCOMES = ['succeeded', 'refused', 'failed'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** What an entry is about: a kind of resource (the API's vocabulary) and its id. */
export interface AuditTarget {
  type: string;
  id: string;
}

/** Flat facts about an event (never secrets: the API decides what goes here). */
export type AuditDetails = Record<string, string | number | boolean | null>;

/** The longest string an entry keeps in `details`, `actor.label` and `userAgent`; longer is cut. */
export const MAX_AUDIT_STRING_LENGTH = 512;

/** How long an entry is kept at least: a year, with a margin. */
export const AUDIT_RETENTION_DAYS = 400;

/**
 * One audited event. Append-only: written once, never updated or deleted by the service (only
 * MongoDB's TTL monitor removes it, at `purgeAt`). `workspaceId` is null for events outside any
 * workspace (first-user setup, a refused sign-in).
 */
export interface AuditEntryRecord {
  _id: string;
  workspaceId: string | null;
  at: Date;
  actor: AuditActor;
  /** A free string; the API defines the catalogue (`member.invited`, `api_key.revoked`, ...). */
  action: string;
  target: AuditTarget | null;
  outcome: AuditOutcome;
  ip: string | null;
  userAgent: string | null;
  details: AuditDetails | null;
  /** `at` plus `AUDIT_RETENTION_DAYS`. */
  purgeAt: Date;
}

const targetSchema = new Schema<AuditTarget>(
  {
    type: { type: String, required: true },
    id: { type: String, required: true },
  },
  { _id: false, strict: 'throw' },
);

export const auditEntrySchema = new Schema<AuditEntryRecord>(
  {
    _id: { type: String, required: true },
    // Not `workspaceIdField`: null is allowed here, but it is just as immutable.
    workspaceId: { type: String, default: null, immutable: true },
    at: { type: Date, required: true },
    actor: { type: actorSchema(AUDIT_ACTOR_TYPES), required: true },
    action: { type: String, required: true },
    target: { type: targetSchema, default: null },
    outcome: { type: String, enum: AUDIT_OUTCOMES, required: true },
    ip: { type: String, default: null },
    userAgent: { type: String, default: null },
    details: { type: Schema.Types.Mixed, default: null },
    purgeAt: { type: Date, required: true },
  },
  recordOptions('audit_entries'),
);

// Serves `list` without filters, newest first, and the `targetId`, `since` and `until` filters
// (the target is a residual filter within the workspace's entries).
auditEntrySchema.index({ workspaceId: 1, at: -1, _id: -1 });
// Serves `list` filtered by action.
auditEntrySchema.index({ workspaceId: 1, action: 1, at: -1, _id: -1 });
// Serves `list` filtered by actor.
auditEntrySchema.index({ workspaceId: 1, 'actor.id': 1, at: -1, _id: -1 });
// Serves nothing but housekeeping: MongoDB removes an entry once its retention has passed.
auditEntrySchema.index({ purgeAt: 1 }, { expireAfterSeconds: 0 });
