import type { StepList } from '@outreach/contract';
import { deleteStep as deleteRule } from '@outreach/domain';
import { toApiStep } from '../../mappers/campaign.mapper.js';
import type { OperationContext } from '../context.js';
import { editSequence } from './edit-sequence.js';
import { templateWarnings } from './template-warnings.js';

/**
 * Removes a step; later steps move up. Leads keep pointing at the step they were going to run
 * next; leads whose next step was the deleted last one have finished the sequence.
 */
export async function deleteStep(
  ctx: OperationContext,
  campaignId: string,
  stepId: string,
): Promise<StepList> {
  const { before, after, result } = await editSequence(ctx, campaignId, (steps) => {
    const deleted = deleteRule(steps, stepId);
    return { steps: deleted.steps, result: deleted.removed };
  });
  await ctx.db.leads.adjustAfterStepDelete(ctx.workspaceId, campaignId, {
    index: result.order,
    previousLength: before.steps.length,
  });
  return {
    success: true,
    message: `${result.type} step removed from position ${result.order}`,
    warnings: await templateWarnings(ctx, after),
    steps: after.steps.map(toApiStep),
  };
}
