import type { VariantList } from '@outreach/contract';
import { deleteVariant as deleteRule } from '@outreach/domain';
import type { OperationContext } from '../context.js';
import { editVariants } from './variant-edit.js';

/**
 * Deletes a variant for good and renumbers the rest 0..n-1; the last enabled variant cannot be
 * deleted (409). Actions already logged for it keep counting in analytics.
 */
export async function deleteVariant(
  ctx: OperationContext,
  ids: { campaignId: string; stepId: string; variantId: string },
): Promise<VariantList> {
  return editVariants(ctx, ids, (step) => deleteRule(step, ids.variantId), 'variant deleted');
}
