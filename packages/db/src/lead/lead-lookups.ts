import { normalizePublicIdentifier } from '@outreach/domain';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { toLead, type Lead } from './lead.entity.js';
import type { LeadRecord } from './lead.schema.js';

/** The workspace's leads with this public identifier, in every campaign, oldest first. */
export async function findByPublicIdentifier(
  records: ScopedModel<LeadRecord>,
  workspaceId: WorkspaceId,
  publicIdentifier: string,
): Promise<Lead[]> {
  // Leads are stored normalised; an identifier from the network may differ in case or encoding.
  const found = await records.find(
    workspaceId,
    { publicIdentifier: normalizePublicIdentifier(publicIdentifier) },
    { sort: { _id: 1 } },
  );
  return found.map(toLead);
}

/** The workspace's leads with this provider member id (one per campaign that holds the profile). */
export async function findByProviderId(
  records: ScopedModel<LeadRecord>,
  workspaceId: WorkspaceId,
  providerId: string,
): Promise<Lead[]> {
  const found = await records.find(workspaceId, { providerId }, { sort: { _id: 1 } });
  return found.map(toLead);
}
