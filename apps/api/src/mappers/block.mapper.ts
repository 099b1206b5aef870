import type { BlockedLead } from '@outreach/contract';
import type { BlockedLead as BlockedLeadEntity } from '@outreach/db';

export function toApiBlockedLead(block: BlockedLeadEntity): BlockedLead {
  return {
    id: block.id,
    publicIdentifier: block.publicIdentifier,
    reason: block.reason,
    createdAt: block.createdAt.toISOString(),
    workspaceId: block.workspaceId,
    campaignId: block.campaignId,
  };
}
