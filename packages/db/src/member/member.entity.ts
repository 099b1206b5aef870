import type { WorkspaceRole } from '@outreach/domain';
import type { WorkspaceId } from '../common/public-ids.js';
import type { MemberRecord } from './member.schema.js';

export interface Member {
  id: string;
  workspaceId: WorkspaceId;
  userId: string;
  role: WorkspaceRole;
  createdAt: Date;
  updatedAt: Date;
}

/** A workspace a person belongs to, with their role there. */
export interface WorkspaceMembership {
  workspaceId: WorkspaceId;
  role: WorkspaceRole;
}

export function toMember(record: MemberRecord): Member {
  return {
    id: record._id,
    workspaceId: record.workspaceId as WorkspaceId,
    userId: record.userId,
    role: record.role,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
