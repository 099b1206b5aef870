import type { VariantList } from '@outreach/contract';
import type { AddVariantBody } from '../inputs.js';
import { addVariant as addRule } from '@outreach/domain';
import { newPublicId, type OperationContext } from '../context.js';
import { editVariants } from './variant-edit.js';

/** Adds a variant at the end of the step's rotation; `{}` makes an empty one. */
export async function addVariant(
  ctx: OperationContext,
  ids: { campaignId: string; stepId: string },
  input: AddVariantBody,
): Promise<VariantList> {
  return editVariants(ctx, ids, (step) => addRule(step, input, newPublicId), 'variant added');
}
