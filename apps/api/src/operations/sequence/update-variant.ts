import type { VariantList } from '@outreach/contract';
import type { UpdateVariantBody } from '../inputs.js';
import { updateVariant as updateRule } from '@outreach/domain';
import type { OperationContext } from '../context.js';
import { editVariants } from './variant-edit.js';

/** Updates a variant; the last enabled variant of a step cannot be disabled (409). */
export async function updateVariant(
  ctx: OperationContext,
  ids: { campaignId: string; stepId: string; variantId: string },
  input: UpdateVariantBody,
): Promise<VariantList> {
  return editVariants(ctx, ids, (step) => updateRule(step, ids.variantId, input), 'variant updated');
}
