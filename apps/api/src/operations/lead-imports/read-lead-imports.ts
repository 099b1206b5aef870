import type { LeadImport as ApiLeadImport, LeadImportPage } from '@outreach/contract';
import type { LeadImport } from '@outreach/db';
import { DomainError } from '@outreach/domain';
import { toApiLeadImport } from '../../mappers/lead-import.mapper.js';
import { requireCampaign, type OperationContext } from '../context.js';
import type { ListLeadImportsQuery } from '../inputs.js';

/** The workspace's import, or the 404 that hides whether it exists in another workspace. */
export async function requireLeadImport(ctx: OperationContext, importId: string): Promise<LeadImport> {
  const job = await ctx.db.leadImports.get(ctx.workspaceId, importId);
  if (!job)
    throw new DomainError('lead_import_not_found', `lead import not found: ${importId}`, { importId });
  return job;
}

export async function getLeadImport(ctx: OperationContext, importId: string): Promise<ApiLeadImport> {
  return toApiLeadImport(await requireLeadImport(ctx, importId));
}

/** A campaign's imports, newest first, one page by cursor. */
export async function listLeadImports(
  ctx: OperationContext,
  campaignId: string,
  query: ListLeadImportsQuery,
): Promise<LeadImportPage> {
  await requireCampaign(ctx, campaignId);
  const page = await ctx.db.leadImports.list(ctx.workspaceId, campaignId, {
    after: query.after,
    limit: query.limit,
  });
  return { limit: query.limit, nextCursor: page.nextCursor, items: page.items.map(toApiLeadImport) };
}
