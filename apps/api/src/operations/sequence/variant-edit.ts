import type { VariantList } from '@outreach/contract';
import { findStep, type StepDef, type VariantDef } from '@outreach/domain';
import { toApiVariant } from '../../mappers/campaign.mapper.js';
import type { OperationContext } from '../context.js';
import { editSequence, storedStep } from './edit-sequence.js';
import { templateWarnings } from './template-warnings.js';

/**
 * Replaces one step's variants with what `change` computes from that step, stores the sequence
 * and answers with every variant of the step.
 */
export async function editVariants(
  ctx: OperationContext,
  ids: { campaignId: string; stepId: string },
  change: (step: StepDef) => VariantDef[],
  message: string,
): Promise<VariantList> {
  const { after } = await editSequence(ctx, ids.campaignId, (steps) => {
    const variants = change(findStep(steps, ids.stepId));
    return {
      steps: steps.map((step) => (step.id === ids.stepId ? { ...step, variants } : step)),
      result: null,
    };
  });
  const step = storedStep(after, ids.stepId);
  return {
    success: true,
    message,
    warnings: await templateWarnings(ctx, after, ids.stepId),
    variants: (step.variants ?? []).map(toApiVariant),
  };
}
