import { WORKSPACE_ROLES, type WorkspaceRole } from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

/**
 * A person's membership of a workspace. `userId` is the external auth provider's user id. A
 * workspace has exactly one `owner`, except for the instant of a transfer (see
 * `MemberRepository.transferOwnership`).
 */
export interface MemberRecord {
  _id: string;
  workspaceId: string;
  userId: string;
  role: WorkspaceRole;
  createdAt: Date;
  updatedAt: Date;
}

export const memberSchema = new Schema<MemberRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    userId: { type: String, required: true, immutable: true },
    role: { type: String, enum: WORKSPACE_ROLES, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  recordOptions('workspace_members'),
);

// Serves `add` (one membership per person and workspace), `get`, `setRole`, `remove`.
memberSchema.index({ workspaceId: 1, userId: 1 }, { unique: true });
// Serves `workspacesOf`: a signed-in person's workspaces, across workspaces.
memberSchema.index({ userId: 1 });
// Serves `ownerOf` (and lists of a role); `list` reads the workspace's prefix and sorts its few.
memberSchema.index({ workspaceId: 1, role: 1 });
