import type { StepUpdateResult } from '@outreach/contract';
import type { UpdateStepBody } from '../inputs.js';
import { updateStep as updateRule } from '@outreach/domain';
import type { OperationContext } from '../context.js';
import { editSequence } from './edit-sequence.js';
import { templateWarnings } from './template-warnings.js';

export async function updateStep(
  ctx: OperationContext,
  campaignId: string,
  stepId: string,
  input: UpdateStepBody,
): Promise<StepUpdateResult> {
  const { after } = await editSequence(ctx, campaignId, (steps) => ({
    steps: updateRule(steps, stepId, input),
    result: null,
  }));
  return { success: true, message: 'step updated', warnings: await templateWarnings(ctx, after, stepId) };
}
