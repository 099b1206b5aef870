import type { VariantList } from '@outreach/contract';
import type { UpdateVariantBody } from '../inputs.js';
import { aiToolsFromSelection, updateVariant as updateRule } from '@outreach/domain';
import type { OperationContext } from '../context.js';
import { editVariants } from './variant-edit.js';

/**
 * Updates a variant; the last enabled variant of a step cannot be disabled (409), and the body may
 * only use the AI tools the variant enables after the change (400).
 */
export async function updateVariant(
  ctx: OperationContext,
  ids: { campaignId: string; stepId: string; variantId: string },
  input: UpdateVariantBody,
): Promise<VariantList> {
  const { aiTools, ...rest } = input;
  const patch = { ...rest, ...(aiTools !== undefined ? { aiTools: aiToolsFromSelection(aiTools) } : {}) };
  return editVariants(ctx, ids, (step) => updateRule(step, ids.variantId, patch), 'variant updated');
}
