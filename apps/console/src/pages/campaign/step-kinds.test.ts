// De-risks the sequence editor offering an action the API always refuses: it offers variants only
// on the step types the domain lets take them, and a generic text only where a step sends one.
import { STEP_TYPES, stepTypeHasVariants } from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import { stepGenericText, stepTakesVariants } from './step-kinds.js';

describe('what the editor offers per step type', () => {
  it.each(STEP_TYPES)('offers variants on a %s step exactly when the domain accepts them', (type) => {
    expect(stepTakesVariants(type)).toBe(stepTypeHasVariants(type));
  });

  it('offers no variant on an invitation step, only its note', () => {
    expect(stepTakesVariants('invitation')).toBe(false);
    expect(stepGenericText('invitation')).toBe('the note');
  });

  it('offers neither text nor variants on a profile visit', () => {
    expect(stepTakesVariants('visit_profile')).toBe(false);
    expect(stepGenericText('visit_profile')).toBeNull();
  });
});
