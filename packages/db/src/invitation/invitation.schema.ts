import { ASSIGNABLE_ROLES, type AssignableRole } from '@outreach/domain';
import { Schema } from 'mongoose';
import { actorSchema } from '../common/actor-schema.js';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

export const INVITATION_CREATOR_TYPES = ['user', 'key'] as const;
export type InvitationCreatorType = (typeof INVITATION_CREATOR_TYPES)[number];

/** Who sent an invitation: a person or an API key, with a label to show (a name, a key prefix). */
export interface InvitationCreator {
  type: InvitationCreatorType;
  id: string;
  label: string | null;
}

/**
 * An invitation to join a workspace. The link's token is never stored, only its SHA-256; an
 * invitation is used once (`acceptedAt`), may be withdrawn (`revokedAt`) and lapses at `expiresAt`.
 */
export interface InvitationRecord {
  _id: string;
  workspaceId: string;
  /** Trimmed and lower-cased, so one address is one invitee. */
  email: string;
  role: AssignableRole;
  tokenHash: string;
  createdBy: InvitationCreator;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  /** The external auth user id of the person who accepted. */
  acceptedBy: string | null;
  revokedAt: Date | null;
}

export const invitationSchema = new Schema<InvitationRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    email: { type: String, required: true },
    role: { type: String, enum: ASSIGNABLE_ROLES, required: true },
    tokenHash: { type: String, required: true, immutable: true },
    createdBy: { type: actorSchema(INVITATION_CREATOR_TYPES, { idRequired: true }), required: true },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    acceptedAt: { type: Date, default: null },
    acceptedBy: { type: String, default: null },
    revokedAt: { type: Date, default: null },
  },
  recordOptions('invitations'),
);

// Serves `findByToken` and `accept` (the link names no workspace); unique so a token is one invitation.
invitationSchema.index({ tokenHash: 1 }, { unique: true });
// Serves `listPending` (newest first) and `revokePendingFor` (a workspace's invitations are few,
// the address and state are filtered among them).
invitationSchema.index({ workspaceId: 1, createdAt: 1 });
