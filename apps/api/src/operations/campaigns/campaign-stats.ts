import type { Campaign as CampaignEntity, CampaignSummary } from '@outreach/db';
import type { OperationContext } from '../context.js';

/**
 * What `progress` and `analytics` of each campaign of a page are computed from: one data-layer
 * call, whose cost does not grow with the number of campaigns (one aggregation over leads and
 * one over actions for the whole page).
 */
export function loadCampaignStats(
  ctx: OperationContext,
  campaigns: readonly CampaignEntity[],
): Promise<Map<string, CampaignSummary>> {
  return ctx.db.campaignStats.summaries(
    ctx.workspaceId,
    campaigns.map((campaign) => campaign.id),
  );
}

export async function statsOf(ctx: OperationContext, campaign: CampaignEntity): Promise<CampaignSummary> {
  const stats = await loadCampaignStats(ctx, [campaign]);
  const summary = stats.get(campaign.id);
  if (!summary) throw new Error(`no summary for campaign ${campaign.id}`);
  return summary;
}
