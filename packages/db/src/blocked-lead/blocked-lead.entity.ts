import type { WorkspaceId } from '../common/public-ids.js';
import type { BlockedLeadRecord, BlockScope } from './blocked-lead.schema.js';

export interface BlockedLead {
  id: string;
  publicIdentifier: string;
  reason: string | null;
  createdAt: Date;
  workspaceId: WorkspaceId;
  scope: BlockScope;
  campaignId: string | null;
}

export function toBlockedLead(record: BlockedLeadRecord): BlockedLead {
  return {
    id: record._id,
    publicIdentifier: record.publicIdentifier,
    reason: record.reason ?? null,
    createdAt: record.createdAt,
    workspaceId: record.workspaceId as WorkspaceId,
    scope: record.scope,
    campaignId: record.campaignId ?? null,
  };
}
