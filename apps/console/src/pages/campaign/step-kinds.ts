import type { components } from '@outreach/client';

type StepType = components['schemas']['StepType'];

interface StepKind {
  /** What the step's generic text is for, or null when the step sends no text. */
  genericText: 'the note' | 'the fallback' | null;
  /** Whether the step takes message variants (the API refuses variants on any other step). */
  variants: boolean;
}

/**
 * What the editor offers for each step type. The browser bundle cannot load the domain package
 * (it pulls Node built-ins), so the rule lives here as a table keyed by the contract's step types
 * (a new type fails to compile until it is added) and a unit test pins it to the domain's rule.
 */
const STEP_KINDS: Record<StepType, StepKind> = {
  invitation: { genericText: 'the note', variants: false },
  message: { genericText: 'the fallback', variants: true },
  screener: { genericText: 'the fallback', variants: true },
  visit_profile: { genericText: null, variants: false },
};

export function stepTakesVariants(type: StepType): boolean {
  return STEP_KINDS[type].variants;
}

export function stepGenericText(type: StepType): StepKind['genericText'] {
  return STEP_KINDS[type].genericText;
}
