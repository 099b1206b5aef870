import type { AssignableRole } from '@outreach/domain';
import type { WorkspaceId } from '../common/public-ids.js';
import type { InvitationCreator, InvitationRecord } from './invitation.schema.js';

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** An invitation as the workspace sees it: never the token nor its hash. */
export interface Invitation {
  id: string;
  workspaceId: WorkspaceId;
  email: string;
  role: AssignableRole;
  createdBy: InvitationCreator;
  createdAt: Date;
  expiresAt: Date;
  acceptedAt: Date | null;
  revokedAt: Date | null;
  /** As of the `now` it was read at: accepted and revoked are final, expired follows the clock. */
  status: InvitationStatus;
}

/** An address as stored and compared: trimmed, lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function invitationStatus(record: InvitationRecord, now: Date): InvitationStatus {
  if (record.acceptedAt) return 'accepted';
  if (record.revokedAt) return 'revoked';
  return record.expiresAt.getTime() <= now.getTime() ? 'expired' : 'pending';
}

export function toInvitation(record: InvitationRecord, now: Date): Invitation {
  return {
    id: record._id,
    workspaceId: record.workspaceId as WorkspaceId,
    email: record.email,
    role: record.role,
    createdBy: {
      type: record.createdBy.type,
      id: record.createdBy.id,
      label: record.createdBy.label ?? null,
    },
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
    acceptedAt: record.acceptedAt,
    revokedAt: record.revokedAt,
    status: invitationStatus(record, now),
  };
}
