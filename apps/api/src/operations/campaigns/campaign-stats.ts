import type { Campaign as CampaignEntity } from '@outreach/db';
import { totalLeads } from '@outreach/domain';
import type { CampaignStats } from '../../mappers/campaign.mapper.js';
import type { OperationContext } from '../context.js';

/**
 * Lead counts and the action counters behind `progress` and `analytics`, for a page of campaigns.
 * Lead counts come from one aggregation; counters are per campaign since its creation.
 */
export async function loadCampaignStats(
  ctx: OperationContext,
  campaigns: readonly CampaignEntity[],
): Promise<Map<string, CampaignStats>> {
  const ids = campaigns.map((campaign) => campaign.id);
  const to = new Date(ctx.clock().getTime() + 1);
  const [counts, counters] = await Promise.all([
    ctx.db.leads.countByStatusForCampaigns(ctx.workspaceId, ids),
    Promise.all(
      campaigns.map((campaign) =>
        ctx.db.actions.analytics(ctx.workspaceId, { campaignId: campaign.id, from: campaign.createdAt, to }),
      ),
    ),
  ]);
  const stats = new Map<string, CampaignStats>();
  campaigns.forEach((campaign, index) => {
    const leadCounts = counts.get(campaign.id) ?? {};
    const totals = counters[index]?.totals;
    stats.set(campaign.id, {
      leadCounts,
      totalLeads: totalLeads(leadCounts),
      invitationsSent: totals?.invitationsSent ?? 0,
      invitationsAccepted: totals?.invitationsAccepted ?? 0,
      leadsMessaged: totals?.leadsMessaged ?? 0,
      leadsReplied: totals?.leadsReplied ?? 0,
    });
  });
  return stats;
}

export async function statsOf(ctx: OperationContext, campaign: CampaignEntity): Promise<CampaignStats> {
  const stats = await loadCampaignStats(ctx, [campaign]);
  return stats.get(campaign.id) as CampaignStats;
}
