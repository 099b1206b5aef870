import type { SuccessMessage } from '@outreach/contract';
import type { UpdateStepBody } from '../inputs.js';
import { updateStep as updateRule } from '@outreach/domain';
import { done, type OperationContext } from '../context.js';
import { editSequence } from './edit-sequence.js';

export async function updateStep(
  ctx: OperationContext,
  campaignId: string,
  stepId: string,
  input: UpdateStepBody,
): Promise<SuccessMessage> {
  await editSequence(ctx, campaignId, (steps) => ({ steps: updateRule(steps, stepId, input), result: null }));
  return done('step updated');
}
