import type { VariantList } from '@outreach/contract';
import type { AddVariantBody } from '../inputs.js';
import { addVariant as addRule, aiToolsFromSelection } from '@outreach/domain';
import { newPublicId, type OperationContext } from '../context.js';
import { editVariants } from './variant-edit.js';

/**
 * Adds a variant at the end of the step's rotation; `{}` makes an empty one. AI tools are named by
 * key and stored with their catalogue names.
 */
export async function addVariant(
  ctx: OperationContext,
  ids: { campaignId: string; stepId: string },
  input: AddVariantBody,
): Promise<VariantList> {
  const variant = {
    ...(input.body !== undefined ? { body: input.body } : {}),
    ...(input.aiTools !== undefined ? { aiTools: aiToolsFromSelection(input.aiTools) } : {}),
  };
  return editVariants(ctx, ids, (step) => addRule(step, variant, newPublicId), 'variant added');
}
