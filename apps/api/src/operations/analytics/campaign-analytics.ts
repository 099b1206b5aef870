import type { CampaignAnalytics, StepAnalytics, VariantAnalytics } from '@outreach/contract';
import type { CampaignAnalyticsQuery } from '../inputs.js';
import type { ActionAnalytics, Campaign as CampaignEntity } from '@outreach/db';
import { rate, type StepType } from '@outreach/domain';
import { requireCampaign, type OperationContext } from '../context.js';
import { abTests } from './ab-tests.js';
import { toDaily, toTotals } from './analytics-totals.js';
import { analyticsWindow, windowUsed } from './analytics-window.js';

type Counts = ActionAnalytics['totals'];

export async function campaignAnalytics(
  ctx: OperationContext,
  campaignId: string,
  query: CampaignAnalyticsQuery,
): Promise<CampaignAnalytics> {
  const campaign = await requireCampaign(ctx, campaignId);
  const window = analyticsWindow(query, ctx.productClock(), campaign.createdAt);
  const [analytics, leads] = await Promise.all([
    ctx.db.actions.analytics(ctx.workspaceId, { campaignId, from: window.from, to: window.to }),
    ctx.db.campaignStats.leadsInWindow(ctx.workspaceId, {
      campaignIds: [campaignId],
      from: window.from,
      to: window.to,
    }),
  ]);
  const variants = variantRows(campaign, analytics);
  return {
    campaignId,
    startDate: window.from.toISOString(),
    endDate: window.to.toISOString(),
    window: windowUsed(window),
    totals: toTotals(analytics.totals, leads),
    steps: stepRows(campaign, analytics),
    variants,
    abTests: abTests(campaign, variants, analytics),
    daily: toDaily(analytics.perDay, window),
  };
}

/** What "sent" means for a step: the action its type performs. */
function sentBy(type: StepType, counts: Counts): number {
  if (type === 'invitation') return counts.invitationsSent;
  if (type === 'visit_profile') return counts.profileVisits;
  return counts.messagesSent;
}

/** Every current step in order, zeros where it has no actions yet. */
function stepRows(campaign: CampaignEntity, analytics: ActionAnalytics): StepAnalytics[] {
  const byStep = new Map(analytics.perStep.map((row) => [row.stepId, row]));
  return campaign.steps.map((step) => {
    const counts = byStep.get(step.id);
    const sent = counts ? sentBy(step.type, counts) : 0;
    const replies = counts?.repliesReceived ?? 0;
    return {
      stepId: step.id,
      order: step.order,
      type: step.type,
      sent,
      replies,
      responseRate: responseRate(counts),
    };
  });
}

/**
 * Every current variant, then variants deleted since that still have counts (placed after the
 * step's current variants, as the rotation no longer knows them).
 */
function variantRows(campaign: CampaignEntity, analytics: ActionAnalytics): VariantAnalytics[] {
  const byVariant = new Map(analytics.perVariant.map((row) => [row.variantId, row]));
  const rows: VariantAnalytics[] = [];
  for (const step of campaign.steps) {
    const variants = step.variants ?? [];
    for (const variant of variants)
      rows.push(variantRow(variant.id, step.id, variant.order, byVariant.get(variant.id)));
    const deleted = analytics.perVariant.filter(
      (row) => row.stepId === step.id && !variants.some((variant) => variant.id === row.variantId),
    );
    deleted.forEach((row, index) =>
      rows.push(variantRow(row.variantId, step.id, variants.length + index, row)),
    );
  }
  return rows;
}

function variantRow(
  variantId: string,
  stepId: string,
  order: number,
  counts: Counts | undefined,
): VariantAnalytics {
  const sent = counts?.messagesSent ?? 0;
  const replies = counts?.repliesReceived ?? 0;
  return { variantId, stepId, order, sent, replies, responseRate: responseRate(counts) };
}

/** Leads who replied after being messaged / leads messaged, as everywhere else. */
function responseRate(counts: Counts | undefined): number {
  return rate(counts?.leadsRespondedToMessages ?? 0, counts?.leadsMessaged ?? 0);
}
