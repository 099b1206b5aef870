import type { WorkspacePlan } from '@outreach/domain';
import type { WorkspaceId } from '../common/public-ids.js';
import type { WorkspaceRecord } from './workspace.schema.js';

export interface Workspace {
  id: WorkspaceId;
  name: string;
  plan: WorkspacePlan;
  /** The agency that holds the workspace, or null. */
  agencyId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export function toWorkspace(record: WorkspaceRecord): Workspace {
  return {
    id: record._id as WorkspaceId,
    name: record.name,
    plan: record.plan,
    agencyId: record.agencyId ?? null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
