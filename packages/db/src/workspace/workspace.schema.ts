import { WORKSPACE_PLANS, type WorkspacePlan } from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions } from '../common/record-options.js';

export interface WorkspaceRecord {
  _id: string;
  name: string;
  plan: WorkspacePlan;
  createdAt: Date;
  updatedAt: Date;
}

// Workspaces are read by `_id` only; the default `_id` index serves every query.
export const workspaceSchema = new Schema<WorkspaceRecord>(
  {
    _id: { type: String, required: true },
    name: { type: String, required: true },
    plan: { type: String, enum: WORKSPACE_PLANS, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  recordOptions('workspaces'),
);
