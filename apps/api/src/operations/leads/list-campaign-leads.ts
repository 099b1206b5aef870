import type { CampaignLeadPage } from '@outreach/contract';
import type { ListCampaignLeadsQuery } from '../inputs.js';
import { toApiLead } from '../../mappers/lead.mapper.js';
import { definedOnly, requireCampaign, type OperationContext } from '../context.js';

export async function listCampaignLeads(
  ctx: OperationContext,
  campaignId: string,
  query: ListCampaignLeadsQuery,
): Promise<CampaignLeadPage> {
  await requireCampaign(ctx, campaignId);
  const page = await ctx.db.leads.list(ctx.workspaceId, campaignId, definedOnly(query));
  return {
    campaignId,
    total: page.total,
    offset: query.offset,
    limit: query.limit,
    nextCursor: page.nextCursor ?? null,
    leads: page.items.map(toApiLead),
  };
}
