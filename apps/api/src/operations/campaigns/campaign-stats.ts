import type { Campaign as CampaignEntity, CampaignCounters, CampaignSummary } from '@outreach/db';
import type { OperationContext } from '../context.js';

/**
 * What `progress` and `analytics` of each campaign of a page are computed from. A campaign whose
 * counters are maintained on write answers from the campaign document already read (no query);
 * the others are recounted, all in one data-layer call whose cost does not grow with the number
 * of campaigns (one aggregation over leads and one over actions for the whole page).
 */
export async function loadCampaignStats(
  ctx: OperationContext,
  campaigns: readonly CampaignEntity[],
): Promise<Map<string, CampaignSummary>> {
  const summaries = new Map<string, CampaignSummary>();
  const recount: string[] = [];
  for (const campaign of campaigns) {
    if (campaign.counters?.maintained === true) summaries.set(campaign.id, fromCounters(campaign.counters));
    else recount.push(campaign.id);
  }
  if (recount.length > 0) {
    for (const [id, summary] of await ctx.db.campaignStats.summaries(ctx.workspaceId, recount))
      summaries.set(id, summary);
  }
  return summaries;
}

/**
 * The figures the counters hold. A counter one off after a crash (until the drift check corrects
 * it) can be -1; it shows as 0, so no count, rate or progress is ever negative.
 */
function fromCounters(counters: CampaignCounters): CampaignSummary {
  const leadCounts = Object.fromEntries(
    Object.entries(counters.leads).map(([status, count]) => [status, atLeastZero(count)]),
  ) as CampaignCounters['leads'];
  return {
    leadCounts,
    totalLeads: Object.values(leadCounts).reduce((sum, count) => sum + count, 0),
    invitationsSent: atLeastZero(counters.invitationsSent),
    invitationsAccepted: atLeastZero(counters.invitationsAccepted),
    leadsMessaged: atLeastZero(counters.leadsMessaged),
    leadsReplied: atLeastZero(counters.leadsReplied),
    leadsRespondedToMessages: atLeastZero(counters.leadsRespondedToMessages),
  };
}

const atLeastZero = (count: number): number => Math.max(0, count);

export async function statsOf(ctx: OperationContext, campaign: CampaignEntity): Promise<CampaignSummary> {
  const stats = await loadCampaignStats(ctx, [campaign]);
  const summary = stats.get(campaign.id);
  if (!summary) throw new Error(`no summary for campaign ${campaign.id}`);
  return summary;
}
