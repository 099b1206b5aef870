import type { CampaignPage } from '@outreach/contract';
import type { ListCampaignsQuery } from '../inputs.js';
import { toApiCampaign } from '../../mappers/campaign.mapper.js';
import { definedOnly, type OperationContext } from '../context.js';
import { loadCampaignStats } from './campaign-stats.js';

export async function listCampaigns(ctx: OperationContext, query: ListCampaignsQuery): Promise<CampaignPage> {
  const page = await ctx.db.campaigns.list(ctx.workspaceId, definedOnly(query));
  const stats = await loadCampaignStats(ctx, page.items);
  return {
    total: page.total,
    offset: query.offset,
    limit: query.limit,
    nextCursor: page.nextCursor ?? null,
    items: page.items.flatMap((campaign) => {
      const summary = stats.get(campaign.id);
      return summary ? [toApiCampaign(campaign, summary)] : [];
    }),
  };
}
