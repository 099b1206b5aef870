import { StatusConflictError, type Campaign as CampaignEntity } from '@outreach/db';
import { statusAfterNewWork, type CampaignStatus } from '@outreach/domain';
import { currentTraceparent } from '@outreach/telemetry';
import type { OperationContext } from '../context.js';

/**
 * Runs a conditional status transition. When another request changed the status between the
 * rule check and the update, `explain` re-runs the rule on the status found, so the caller gets
 * the same typed error as if it had come second all along.
 */
export async function transitionOrExplain(
  ctx: OperationContext,
  campaignId: string,
  transition: { from: readonly CampaignStatus[]; to: CampaignStatus },
  explain: (found: CampaignStatus) => void,
): Promise<CampaignEntity> {
  try {
    // A start keeps the request's trace (when traced) for the runner's steps to link to.
    const traceparent = transition.to === 'active' ? currentTraceparent() : null;
    return await ctx.db.campaigns.transitionStatus(ctx.workspaceId, campaignId, {
      ...transition,
      traceparent,
    });
  } catch (error) {
    if (error instanceof StatusConflictError) explain(error.currentStatus as CampaignStatus);
    throw error;
  }
}

/**
 * A completed campaign that gets new work (a step, leads, a resumed lead) becomes paused, so
 * nothing is sent before someone starts it again. A campaign no longer completed is left alone.
 */
export async function pauseIfCompleted(
  ctx: OperationContext,
  campaign: Pick<CampaignEntity, 'id' | 'status'>,
): Promise<void> {
  if (statusAfterNewWork(campaign.status) === campaign.status) return;
  try {
    await ctx.db.campaigns.transitionStatus(ctx.workspaceId, campaign.id, {
      from: ['completed'],
      to: 'paused',
    });
  } catch (error) {
    if (!(error instanceof StatusConflictError)) throw error;
  }
}
