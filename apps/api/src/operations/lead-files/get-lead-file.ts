import type { LeadFile } from '@outreach/contract';
import { DomainError } from '@outreach/domain';
import { toApiLeadFile } from '../../mappers/lead-file.mapper.js';
import type { OperationContext } from '../context.js';

/** The workspace's file as its upload answered it; a file of another workspace or expired is a 404. */
export async function getLeadFile(ctx: OperationContext, fileId: string): Promise<LeadFile> {
  // Files expire in real time: the TTL index and the upload's `expiresAt` count real time too.
  const file = await ctx.db.leadFiles.get(ctx.workspaceId, fileId, ctx.realClock());
  if (file === null) {
    throw new DomainError('lead_file_not_found', `lead file ${fileId} not found (files are kept 7 days)`, {
      fileId,
    });
  }
  return toApiLeadFile(file);
}
