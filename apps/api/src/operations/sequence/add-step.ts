import type { StepList } from '@outreach/contract';
import type { AddStepBody } from '../inputs.js';
import { insertStep } from '@outreach/domain';
import { toApiStep } from '../../mappers/campaign.mapper.js';
import { pauseIfCompleted } from '../campaigns/campaign-transition.js';
import { newPublicId, type OperationContext } from '../context.js';
import { editSequence } from './edit-sequence.js';
import { templateWarnings } from './template-warnings.js';

/**
 * Inserts a step at `order`; later steps move down. Leads keep pointing at the step they were
 * going to run next (leads at the insertion point run the new step next; leads that had finished
 * every step wait for an appended one), and a completed campaign becomes paused.
 */
export async function addStep(
  ctx: OperationContext,
  campaignId: string,
  input: AddStepBody,
): Promise<StepList> {
  const { before, after, result } = await editSequence(ctx, campaignId, (steps) => {
    const inserted = insertStep(steps, input, newPublicId);
    return { steps: inserted.steps, result: inserted.step };
  });
  const { reopened } = await ctx.db.leads.adjustAfterStepInsert(ctx.workspaceId, campaignId, {
    index: result.order,
    previousLength: before.steps.length,
    reopenAt: ctx.productClock(),
  });
  if (reopened > 0) await ctx.db.campaigns.countWaitingLeadsGiven(ctx.workspaceId, campaignId);
  await pauseIfCompleted(ctx, after);
  return {
    success: true,
    message: `${result.type} step added at position ${result.order}`,
    warnings: await templateWarnings(ctx, after),
    steps: after.steps.map(toApiStep),
  };
}
