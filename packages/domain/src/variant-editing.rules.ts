/**
 * Editing the message variants of a step. A step with variants always keeps at least one enabled
 * variant, so rotation always has a candidate; orders stay 0..n-1 so rotation order is plain.
 */
import { assertVariantAiTools } from './ai-tool.catalogue.js';
import { DomainError } from './errors.js';
import type { AiTool, IdFactory, StepDef, VariantDef } from './model.types.js';
import { stepTypeHasVariants } from './sequence-editing.rules.js';
import { assertTemplate, textLength } from './template-rendering.js';
import { LIMITS } from './vocabulary.js';

/** Variants sorted by `order`, with `order` rewritten to 0..n-1. */
export function normaliseVariantOrder(variants: readonly VariantDef[]): VariantDef[] {
  return [...variants]
    .sort((a, b) => a.order - b.order)
    .map((variant, index) => ({ ...variant, order: index }));
}

export function assertStepHasVariants(step: Pick<StepDef, 'id' | 'type'>): void {
  if (!stepTypeHasVariants(step.type)) {
    throw new DomainError('step_has_no_variants', `a ${step.type} step has no message variants`, {
      stepId: step.id,
      type: step.type,
    });
  }
}

/** A body is at most 8000 characters and a well-formed template. */
export function assertVariantBody(body: string): void {
  if (textLength(body) > LIMITS.variantBodyMaxLength) {
    throw new DomainError('body_too_long', `body must be at most ${LIMITS.variantBodyMaxLength} characters`, {
      field: 'body',
      max: LIMITS.variantBodyMaxLength,
    });
  }
  assertTemplate('body', body);
}

/** A blank ICP definition means "no ICP": the variant is for every lead no other ICP claims. */
function icpOrNull(value: string | null): string | null {
  return value === null || value.trim() === '' ? null : value;
}

export interface NewVariant {
  body?: string | undefined;
  isDisabled?: boolean | undefined;
  icpDefinitionRaw?: string | null | undefined;
  aiTools?: readonly AiTool[] | undefined;
}

/** Adds a variant at the end of the rotation (its order is the number of variants before it). */
export function addVariant(step: StepDef, input: NewVariant, newId: IdFactory): VariantDef[] {
  assertStepHasVariants(step);
  const body = input.body ?? '';
  assertVariantBody(body);
  const variants = normaliseVariantOrder(step.variants);
  const variant: VariantDef = {
    id: newId('var'),
    body,
    order: variants.length,
    isDisabled: input.isDisabled ?? false,
    icpDefinitionRaw: icpOrNull(input.icpDefinitionRaw ?? null),
    aiTools: input.aiTools ?? [],
  };
  assertVariantAiTools(variant);
  return [...variants, variant];
}

export interface VariantPatch {
  body?: string | undefined;
  isDisabled?: boolean | undefined;
  icpDefinitionRaw?: string | null | undefined;
  aiTools?: readonly AiTool[] | undefined;
}

export function findVariant(step: StepDef, variantId: string): VariantDef {
  const variant = step.variants.find((candidate) => candidate.id === variantId);
  if (!variant) {
    throw new DomainError('variant_not_found', `variant not found: ${variantId}`, {
      stepId: step.id,
      variantId,
    });
  }
  return variant;
}

function assertNotLastEnabled(step: StepDef, variant: VariantDef, action: 'disabled' | 'deleted'): void {
  const othersEnabled = step.variants.some((other) => other.id !== variant.id && !other.isDisabled);
  if (!variant.isDisabled && !othersEnabled) {
    throw new DomainError('last_enabled_variant', `the last enabled variant of a step cannot be ${action}`, {
      stepId: step.id,
      variantId: variant.id,
    });
  }
}

/** Updates body, isDisabled, icpDefinitionRaw or aiTools; returns all variants of the step. */
export function updateVariant(step: StepDef, variantId: string, patch: VariantPatch): VariantDef[] {
  assertStepHasVariants(step);
  const variant = findVariant(step, variantId);
  if (patch.body !== undefined) assertVariantBody(patch.body);
  if (patch.isDisabled === true) assertNotLastEnabled(step, variant, 'disabled');
  const updated: VariantDef = {
    ...variant,
    ...(patch.body !== undefined ? { body: patch.body } : {}),
    ...(patch.isDisabled !== undefined ? { isDisabled: patch.isDisabled } : {}),
    ...(patch.icpDefinitionRaw !== undefined ? { icpDefinitionRaw: icpOrNull(patch.icpDefinitionRaw) } : {}),
    ...(patch.aiTools !== undefined ? { aiTools: patch.aiTools } : {}),
  };
  if (patch.body !== undefined || patch.aiTools !== undefined) assertVariantAiTools(updated);
  return normaliseVariantOrder(step.variants.map((item) => (item.id === variantId ? updated : item)));
}

/**
 * Deletes a variant and renumbers the rest 0..n-1. Analytics already collected for it are kept by
 * the data layer (they reference the variant id, not its order).
 */
export function deleteVariant(step: StepDef, variantId: string): VariantDef[] {
  assertStepHasVariants(step);
  const variant = findVariant(step, variantId);
  assertNotLastEnabled(step, variant, 'deleted');
  return normaliseVariantOrder(step.variants.filter((item) => item.id !== variantId));
}
