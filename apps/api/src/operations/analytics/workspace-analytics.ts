import type { WorkspaceAnalytics } from '@outreach/contract';
import type { WorkspaceAnalyticsQuery } from '../inputs.js';
import { CAMPAIGN_STATUSES, totalLeads } from '@outreach/domain';
import type { OperationContext } from '../context.js';
import { toDaily, toTotals } from './analytics-totals.js';
import { analyticsWindow } from './analytics-window.js';

/**
 * Analytics over the workspace's campaigns, optionally only those currently in `campaignStatus`
 * and only the actions of `accountId`.
 */
export async function workspaceAnalytics(
  ctx: OperationContext,
  query: WorkspaceAnalyticsQuery,
): Promise<WorkspaceAnalytics> {
  const window = analyticsWindow(query, ctx.clock());
  const byStatus = await ctx.db.campaigns.countByStatus(ctx.workspaceId);
  const statuses = query.campaignStatus === undefined ? CAMPAIGN_STATUSES : [query.campaignStatus];
  const campaignIds = await ctx.db.campaigns.listIdsByStatus(ctx.workspaceId, statuses);
  const [analytics, leadCounts] = await Promise.all([
    ctx.db.actions.analytics(ctx.workspaceId, {
      from: window.from,
      to: window.to,
      campaignIds,
      ...(query.accountId !== undefined ? { accountId: query.accountId } : {}),
    }),
    ctx.db.leads.countByStatusForCampaigns(ctx.workspaceId, campaignIds),
  ]);
  let leads = 0;
  let completed = 0;
  for (const counts of leadCounts.values()) {
    leads += totalLeads(counts);
    completed += counts.completed;
  }
  const campaigns = Object.fromEntries(
    CAMPAIGN_STATUSES.map((status) => [status, statuses.includes(status) ? byStatus[status] : 0]),
  ) as Record<(typeof CAMPAIGN_STATUSES)[number], number>;
  return {
    startDate: window.from.toISOString(),
    endDate: window.to.toISOString(),
    campaigns: { total: campaignIds.length, ...campaigns },
    totals: toTotals(analytics.totals, { total: leads, completed }),
    daily: toDaily(analytics.perDay, window),
  };
}
