import type { WorkspaceAnalytics } from '@outreach/contract';
import type { WorkspaceAnalyticsQuery } from '../inputs.js';
import { CAMPAIGN_STATUSES } from '@outreach/domain';
import type { OperationContext } from '../context.js';
import { toDaily, toTotals } from './analytics-totals.js';
import { analyticsWindow, windowUsed } from './analytics-window.js';

/**
 * Analytics over the workspace's campaigns, optionally only those currently in `campaignStatus`
 * and only the actions and leads of `accountId`.
 */
export async function workspaceAnalytics(
  ctx: OperationContext,
  query: WorkspaceAnalyticsQuery,
): Promise<WorkspaceAnalytics> {
  const workspace = await ctx.db.workspaces.get(ctx.workspaceId);
  // The default window starts when the workspace was created (see `analyticsWindow`).
  const window = analyticsWindow(query, ctx.productClock(), workspace?.createdAt ?? ctx.productClock());
  const range = { from: window.from, to: window.to };
  const byStatus = await ctx.db.campaigns.countByStatus(ctx.workspaceId);
  const statuses = query.campaignStatus === undefined ? CAMPAIGN_STATUSES : [query.campaignStatus];
  const campaignIds = await ctx.db.campaigns.listIdsByStatus(ctx.workspaceId, statuses);
  const account = query.accountId !== undefined ? { accountId: query.accountId } : {};
  const [analytics, leads] = await Promise.all([
    // Totals and the series only: a workspace's answer has no steps or variants.
    ctx.db.actions.analyticsTotals(ctx.workspaceId, { ...range, campaignIds, ...account }),
    ctx.db.campaignStats.leadsInWindow(ctx.workspaceId, { ...range, campaignIds, ...account }),
  ]);
  const campaigns = Object.fromEntries(
    CAMPAIGN_STATUSES.map((status) => [status, statuses.includes(status) ? byStatus[status] : 0]),
  ) as Record<(typeof CAMPAIGN_STATUSES)[number], number>;
  return {
    startDate: window.from.toISOString(),
    endDate: window.to.toISOString(),
    window: windowUsed(window),
    campaigns: { total: campaignIds.length, ...campaigns },
    totals: toTotals(analytics.totals, leads),
    daily: toDaily(analytics.perDay, window),
  };
}
