// De-risks the results calling a winner the API did not call: each variant reads the API's own
// verdict, with the sample size the API asks for, and nothing decided in the browser.
import type { components } from '@outreach/client';
import { describe, expect, it } from 'vitest';
import { abVerdict } from './ab-verdict.js';

type AbVariant = components['schemas']['AbTestVariant'];

function variant(overrides: Partial<AbVariant>): AbVariant {
  return {
    variantId: 'var_a',
    order: 0,
    sent: 40,
    replied: 4,
    responseRate: 0.1,
    interval: { lower: 0.04, upper: 0.23 },
    comparison: { againstVariantId: 'var_b', pValue: 0.0123, significant: true },
    verdict: 'significantly_worse',
    ...overrides,
  };
}

describe('the verdict shown per variant', () => {
  it('says there is not enough data yet, with the sample the API asks for', () => {
    // Even the step's best variant, and whatever its p-value.
    const best = variant({ comparison: null, verdict: 'not_enough_data' });
    expect(abVerdict(best, { minimumSent: 30 })).toBe(
      'Not enough data yet (a verdict needs 30 leads per variant)',
    );
    const small = variant({ sent: 5, verdict: 'not_enough_data' });
    expect(abVerdict(small, { minimumSent: 50 })).toBe(
      'Not enough data yet (a verdict needs 50 leads per variant)',
    );
  });

  it('calls a variant significantly worse than the best, with its p-value', () => {
    expect(abVerdict(variant({}), { minimumSent: 30 })).toBe('Significantly worse than the best (p = 0.012)');
  });

  it('calls the best significantly better when the API does', () => {
    const best = variant({ comparison: null, verdict: 'significantly_better' });
    expect(abVerdict(best, { minimumSent: 30 })).toBe('Significantly better');
  });

  it('says there is no significant difference yet', () => {
    const close = variant({
      comparison: { againstVariantId: 'var_b', pValue: 0.4, significant: false },
      verdict: 'no_significant_difference',
    });
    expect(abVerdict(close, { minimumSent: 30 })).toBe('No significant difference yet (p = 0.400)');
  });
});
