import { WORKSPACE_PLANS, type StoredInvitationSettings, type WorkspacePlan } from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions } from '../common/record-options.js';

export interface WorkspaceRecord {
  _id: string;
  name: string;
  plan: WorkspacePlan;
  /**
   * The agency that holds the workspace, or null. Absent on workspaces created before agencies
   * existed, which reads as null.
   */
  agencyId?: string | null;
  /** When its owner deleted it; it then reads as missing everywhere. Absent or null: not deleted. */
  deletedAt?: Date | null;
  /** The invitation hygiene the workspace set (absent values follow the defaults). */
  invitationSettings?: StoredInvitationSettings | null;
  createdAt: Date;
  updatedAt: Date;
}

export const workspaceSchema = new Schema<WorkspaceRecord>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    plan: { type: String, enum: WORKSPACE_PLANS, required: true },
    agencyId: { type: String, default: null },
    deletedAt: { type: Date, default: null },
    invitationSettings: {
      type: new Schema(
        {
          withdrawAfterDays: Number,
          outstandingCeiling: Number,
          minSample: Number,
          halveBelow: Number,
          stopBelow: Number,
        },
        { _id: false },
      ),
      default: undefined,
    },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  recordOptions('workspaces'),
);

// Workspaces are read by `_id` (the default index, also `listByIds`) except by agency: this one
// serves `listByAgency`, and `assignAgencyToUnowned` (null matches a missing field in it too).
workspaceSchema.index({ agencyId: 1 });
