import type { WorkspaceAnalytics } from '@outreach/contract';
import type { WorkspaceAnalyticsQuery } from '../inputs.js';
import { CAMPAIGN_STATUSES } from '@outreach/domain';
import type { OperationContext } from '../context.js';
import { toDaily, toTotals } from './analytics-totals.js';
import { analyticsWindow } from './analytics-window.js';

/**
 * Analytics over the workspace's campaigns, optionally only those currently in `campaignStatus`
 * and only the actions and leads of `accountId`.
 */
export async function workspaceAnalytics(
  ctx: OperationContext,
  query: WorkspaceAnalyticsQuery,
): Promise<WorkspaceAnalytics> {
  const window = analyticsWindow(query, ctx.productClock());
  const byStatus = await ctx.db.campaigns.countByStatus(ctx.workspaceId);
  const statuses = query.campaignStatus === undefined ? CAMPAIGN_STATUSES : [query.campaignStatus];
  const campaignIds = await ctx.db.campaigns.listIdsByStatus(ctx.workspaceId, statuses);
  const account = query.accountId !== undefined ? { accountId: query.accountId } : {};
  const [analytics, leads] = await Promise.all([
    ctx.db.actions.analytics(ctx.workspaceId, { ...window, campaignIds, ...account }),
    ctx.db.campaignStats.leadsInWindow(ctx.workspaceId, { ...window, campaignIds, ...account }),
  ]);
  const campaigns = Object.fromEntries(
    CAMPAIGN_STATUSES.map((status) => [status, statuses.includes(status) ? byStatus[status] : 0]),
  ) as Record<(typeof CAMPAIGN_STATUSES)[number], number>;
  return {
    startDate: window.from.toISOString(),
    endDate: window.to.toISOString(),
    campaigns: { total: campaignIds.length, ...campaigns },
    totals: toTotals(analytics.totals, leads),
    daily: toDaily(analytics.perDay, window),
  };
}
