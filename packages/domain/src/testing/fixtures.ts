/** Builders for tests: plain records with sensible values, overridable field by field. */
import { DomainError } from '../errors.js';
import type { IdFactory, LeadProgress, StepDef, VariantDef } from '../model.types.js';
import type { StepType } from '../vocabulary.js';

/** Ids `<prefix>_1`, `<prefix>_2`, ... in creation order, so tests can name the new records. */
export function sequentialIds(): IdFactory {
  let next = 0;
  return (prefix) => {
    next += 1;
    return `${prefix}_${next}`;
  };
}

export function variant(overrides: Partial<VariantDef> & { id: string }): VariantDef {
  return {
    body: 'Hello {{firstName}}',
    order: 0,
    isDisabled: false,
    icpDefinitionRaw: null,
    aiTools: [],
    ...overrides,
  };
}

export function step(overrides: Partial<StepDef> & { id: string; type: StepType }): StepDef {
  return { order: 0, delay: 1, stopOnReply: true, genericBody: null, variants: [], ...overrides };
}

/** A sequence of the given step types, ids `s0`, `s1`, ...; variant steps get one variant `s<i>v0`. */
export function sequence(...types: StepType[]): StepDef[] {
  return types.map((type, order) =>
    step({
      id: `s${order}`,
      type,
      order,
      variants: type === 'message' || type === 'screener' ? [variant({ id: `s${order}v0` })] : [],
    }),
  );
}

export function lead(overrides: Partial<LeadProgress> & { id: string }): LeadProgress {
  return { status: 'waiting', internalStatus: 'queued', currentStep: 0, ...overrides };
}

/** The code of the DomainError `run` throws, or 'no error'; other errors propagate. */
export function codeOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
  return 'no error';
}

/**
 * What the API would answer for the DomainError `run` throws (code, message and details, which
 * clients read), or 'no error'; other errors propagate.
 */
export function errorOf(
  run: () => unknown,
): { code: string; message: string; details?: unknown } | 'no error' {
  try {
    run();
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const { code, message, details } = error;
    return details === undefined ? { code, message } : { code, message, details };
  }
  return 'no error';
}
