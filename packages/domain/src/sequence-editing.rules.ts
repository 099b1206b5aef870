/**
 * Editing a campaign's sequence: inserting, updating and deleting steps. Functions take the current
 * steps and return the new list, renumbered 0..n-1; the caller stores it (guarded by a version) and
 * adjusts lead progress with `progressAfterInsert` / `progressAfterDelete`.
 */
import { assertNoAiVariables } from './ai-tool.catalogue.js';
import { DomainError } from './errors.js';
import type { IdFactory, StepDef, VariantDef } from './model.types.js';
import { assertTemplate, literalText, textLength } from './template-rendering.js';
import { LIMITS, STEP_TYPES, VARIANT_STEP_TYPES, type StepType } from './vocabulary.js';

/** Whether steps of this type carry message variants (message and screener). */
export function stepTypeHasVariants(type: StepType): boolean {
  return (VARIANT_STEP_TYPES as readonly StepType[]).includes(type);
}

/** Steps sorted by `order`, with `order` rewritten to 0..n-1. */
export function normaliseStepOrder(steps: readonly StepDef[]): StepDef[] {
  return [...steps].sort((a, b) => a.order - b.order).map((step, index) => ({ ...step, order: index }));
}

export function findStep(steps: readonly StepDef[], stepId: string): StepDef {
  const step = steps.find((candidate) => candidate.id === stepId);
  if (!step) throw new DomainError('step_not_found', `step not found: ${stepId}`, { stepId });
  return step;
}

export function emptyVariant(id: string, order = 0): VariantDef {
  return { id, body: '', order, isDisabled: false, icpDefinitionRaw: null, aiTools: [] };
}

export interface NewStep {
  type: StepType;
  /** 0-based insertion index, at most the current number of steps. */
  order: number;
  delay?: number | undefined;
  stopOnReply?: boolean | undefined;
  genericBody?: string | null | undefined;
}

export interface InsertedStep {
  steps: StepDef[];
  step: StepDef;
}

/**
 * Inserts a step at `order`; steps at or after it move one place down. A message or screener step
 * starts with one empty enabled variant. Defaults: no delay for the first step and one day for the
 * others (a follow-up sent the same minute as the previous step looks automated), and stop on reply
 * (people expect a reply to end the sequence).
 */
export function insertStep(steps: readonly StepDef[], input: NewStep, newId: IdFactory): InsertedStep {
  const current = normaliseStepOrder(steps);
  if (!(STEP_TYPES as readonly string[]).includes(input.type)) {
    throw new DomainError('invalid_input', `unknown step type: ${String(input.type)}`, { field: 'type' });
  }
  if (!Number.isInteger(input.order) || input.order < 0 || input.order > current.length) {
    throw new DomainError('invalid_step_order', `order must be an integer from 0 to ${current.length}`, {
      order: input.order,
      max: current.length,
    });
  }
  const delay = input.delay ?? (input.order === 0 ? 0 : 1);
  assertDelay(delay);
  const genericBody = input.genericBody ?? null;
  if (genericBody !== null) assertGenericBody(input.type, genericBody);
  const stepId = newId('stp');
  const step: StepDef = {
    id: stepId,
    type: input.type,
    order: input.order,
    delay,
    stopOnReply: input.stopOnReply ?? true,
    genericBody,
    variants: stepTypeHasVariants(input.type) ? [emptyVariant(newId('var'))] : [],
  };
  const next = [...current.slice(0, input.order), step, ...current.slice(input.order)];
  return { steps: next.map((item, index) => ({ ...item, order: index })), step };
}

export interface StepPatch {
  delay?: number | undefined;
  genericBody?: string | null | undefined;
  stopOnReply?: boolean | undefined;
}

/** Applies a step update (delay, genericBody, stopOnReply) and returns the new list. */
export function updateStep(steps: readonly StepDef[], stepId: string, patch: StepPatch): StepDef[] {
  const current = normaliseStepOrder(steps);
  const step = findStep(current, stepId);
  if (patch.delay !== undefined) assertDelay(patch.delay);
  if (patch.genericBody !== undefined && patch.genericBody !== null)
    assertGenericBody(step.type, patch.genericBody);
  const updated: StepDef = {
    ...step,
    ...(patch.delay !== undefined ? { delay: patch.delay } : {}),
    ...(patch.genericBody !== undefined ? { genericBody: patch.genericBody } : {}),
    ...(patch.stopOnReply !== undefined ? { stopOnReply: patch.stopOnReply } : {}),
  };
  return current.map((item) => (item.id === stepId ? updated : item));
}

export interface DeletedStep {
  steps: StepDef[];
  removed: StepDef;
}

/** Removes a step; the steps after it move one place up. */
export function deleteStep(steps: readonly StepDef[], stepId: string): DeletedStep {
  const current = normaliseStepOrder(steps);
  const removed = findStep(current, stepId);
  const rest = current.filter((step) => step.id !== stepId).map((step, index) => ({ ...step, order: index }));
  return { steps: rest, removed };
}

export function assertDelay(delay: number): void {
  if (!Number.isInteger(delay) || delay < 0) {
    throw new DomainError('invalid_input', 'delay must be a whole number of days, 0 or more', {
      field: 'delay',
    });
  }
}

/**
 * A generic body follows the variant body rules. For an invitation it is the note, which must fit
 * 300 characters once rendered: its fixed text alone longer than that can never fit, so it is
 * refused when saved (a note that only grows too long with a lead's values is dropped when sent).
 */
export function assertGenericBody(type: StepType, genericBody: string): void {
  if (textLength(genericBody) > LIMITS.variantBodyMaxLength) {
    throw new DomainError(
      'body_too_long',
      `genericBody must be at most ${LIMITS.variantBodyMaxLength} characters`,
      { field: 'genericBody', max: LIMITS.variantBodyMaxLength },
    );
  }
  assertTemplate('genericBody', genericBody);
  assertNoAiVariables('genericBody', genericBody);
  if (type === 'invitation' && textLength(literalText(genericBody).trim()) > LIMITS.invitationNoteMaxLength) {
    throw new DomainError(
      'invitation_note_too_long',
      `an invitation note must be at most ${LIMITS.invitationNoteMaxLength} characters`,
      { field: 'genericBody', max: LIMITS.invitationNoteMaxLength },
    );
  }
}
