/**
 * The A/B statistics against values published elsewhere, so the formulas are checked by
 * independent arithmetic rather than by themselves. Each expected value names its source.
 */
import { describe, expect, it } from 'vitest';
import {
  AB_SIGNIFICANCE_RULE,
  abTestResult,
  erfc,
  twoProportionZTest,
  wilsonInterval,
  type VariantSample,
} from './ab-significance.math.js';

const rounded = (interval: { lower: number; upper: number }) => [
  Number(interval.lower.toFixed(4)),
  Number(interval.upper.toFixed(4)),
];

describe('wilsonInterval', () => {
  // Newcombe R.G. (1998), "Two-sided confidence intervals for the single proportion: comparison
  // of seven methods", Statistics in Medicine 17:857-872, Table II, method 3 (Wilson score).
  it.each([
    [81, 263, [0.2553, 0.3662]],
    [15, 148, [0.0624, 0.1605]],
    [0, 20, [0, 0.1611]],
    [1, 29, [0.0061, 0.1718]],
  ])('gives Newcombe’s 95%% interval for %i out of %i', (successes, trials, expected) => {
    expect(rounded(wilsonInterval(successes, trials))).toEqual(expected);
  });

  it('stays inside [0, 1] at all or no successes and is [0, 0] with no trials', () => {
    const all = wilsonInterval(20, 20);
    expect(all.upper).toBe(1);
    expect(all.lower).toBeGreaterThan(0.8);
    expect(wilsonInterval(0, 0)).toEqual({ lower: 0, upper: 0 });
  });
});

describe('erfc', () => {
  // Abramowitz & Stegun, Handbook of Mathematical Functions, Table 7.1 (erf to 15 decimals).
  it.each([
    [0.5, 1 - 0.520499877813047],
    [1, 1 - 0.842700792949715],
    [2, 1 - 0.995322265018953],
  ])('matches Abramowitz & Stegun at %d', (x, expected) => {
    expect(erfc(x)).toBeCloseTo(expected, 13);
  });

  // Python's math.erfc (C library erfc): erfc(3) = 2.209049699858544e-05, erfc(4.5) = 1.966160441542888e-10.
  it('keeps relative precision in the tail', () => {
    expect(erfc(3) / 2.209049699858544e-5).toBeCloseTo(1, 10);
    expect(erfc(4.5) / 1.966160441542888e-10).toBeCloseTo(1, 10);
    expect(erfc(-1)).toBeCloseTo(2 - erfc(1), 14);
  });
});

describe('twoProportionZTest', () => {
  // statsmodels documentation, statsmodels.stats.proportion.proportions_ztest, example:
  // count = [5, 12], nobs = [83, 99] -> p-value printed as 0.159.
  it('gives the p-value of the statsmodels proportions_ztest example', () => {
    const test = twoProportionZTest(5, 83, 12, 99);
    expect(test?.pValue.toFixed(3)).toBe('0.159');
    expect(test?.z).toBeLessThan(0);
  });

  it('is symmetric in its two samples', () => {
    const ab = twoProportionZTest(46, 100, 61, 100);
    const ba = twoProportionZTest(61, 100, 46, 100);
    expect(ba?.pValue).toBeCloseTo(ab?.pValue ?? Number.NaN, 14);
    expect(ba?.z).toBeCloseTo(-(ab?.z ?? Number.NaN), 14);
  });

  it('answers p = 1 when nobody or everybody replied, and null for an empty sample', () => {
    expect(twoProportionZTest(0, 40, 0, 50)).toEqual({ z: 0, pValue: 1 });
    expect(twoProportionZTest(40, 40, 50, 50)).toEqual({ z: 0, pValue: 1 });
    expect(twoProportionZTest(1, 0, 3, 10)).toBeNull();
  });
});

describe('abTestResult', () => {
  it('compares every variant with the best one and calls a large, clear difference significant', () => {
    const result = abTestResult([
      { variantId: 'a', sent: 100, replied: 46 },
      { variantId: 'b', sent: 100, replied: 61 },
      { variantId: 'c', sent: 100, replied: 58 },
    ]);
    expect(result.bestVariantId).toBe('b');
    const [a, b, c] = result.variants;
    expect(b?.comparison).toBeNull();
    expect(a?.responseRate).toBe(0.46);
    expect(a?.comparison).toMatchObject({ againstVariantId: 'b', significant: true });
    expect(a?.comparison?.pValue).toBeLessThan(0.05);
    expect(c?.comparison).toMatchObject({ againstVariantId: 'b', significant: false });
  });

  it('never calls a difference significant below the minimum sample size', () => {
    const result = abTestResult([
      { variantId: 'a', sent: 29, replied: 0 },
      { variantId: 'b', sent: 29, replied: 20 },
    ]);
    const [a] = result.variants;
    expect(a?.comparison?.pValue).toBeLessThan(0.001);
    expect(a?.comparison?.significant).toBe(false);
  });

  it('picks the first variant on a tie and has no best when nothing was sent', () => {
    expect(
      abTestResult([
        { variantId: 'a', sent: 10, replied: 5 },
        { variantId: 'b', sent: 20, replied: 10 },
      ]).bestVariantId,
    ).toBe('a');
    const none = abTestResult([
      { variantId: 'a', sent: 0, replied: 0 },
      { variantId: 'b', sent: 0, replied: 0 },
    ]);
    expect(none.bestVariantId).toBeNull();
    expect(none.variants.map((v) => v.comparison)).toEqual([null, null]);
    expect(none.variants.map((v) => v.verdict)).toEqual(['not_enough_data', 'not_enough_data']);
  });

  it('gives an untried variant a comparison without a p-value', () => {
    const [, untried] = abTestResult([
      { variantId: 'a', sent: 50, replied: 10 },
      { variantId: 'b', sent: 0, replied: 0 },
    ]).variants;
    expect(untried?.comparison).toEqual({ againstVariantId: 'a', pValue: null, significant: false });
    expect(untried?.interval).toEqual({ lower: 0, upper: 0 });
  });
});

describe('the minimum sample behind a significant difference', () => {
  it('is not met by a variant sent to 10 leads against a best one sent to 500', () => {
    const [small] = abTestResult([
      { variantId: 'a', sent: 10, replied: 0 },
      { variantId: 'b', sent: 500, replied: 300 },
    ]).variants;
    expect(small?.comparison?.pValue).toBeLessThan(0.001);
    expect(small?.comparison?.significant).toBe(false);
  });

  it('is not met when the best variant itself was sent to 10 leads', () => {
    const [large] = abTestResult([
      { variantId: 'a', sent: 500, replied: 50 },
      { variantId: 'b', sent: 10, replied: 9 },
    ]).variants;
    expect(large?.comparison?.pValue).toBeLessThan(0.001);
    expect(large?.comparison?.significant).toBe(false);
  });

  it('is met at exactly 30 leads each', () => {
    const [a] = abTestResult([
      { variantId: 'a', sent: 30, replied: 0 },
      { variantId: 'b', sent: 30, replied: 20 },
    ]).variants;
    expect(a?.comparison).toMatchObject({ againstVariantId: 'b', significant: true });
  });
});

describe('an unsent variant', () => {
  it('has a response rate of 0, not NaN, and is never the best one', () => {
    const result = abTestResult([
      { variantId: 'a', sent: 0, replied: 0 },
      { variantId: 'b', sent: 40, replied: 4 },
    ]);
    expect(result.bestVariantId).toBe('b');
    expect(result.variants[0]?.responseRate).toBe(0);
    expect(result.variants[1]?.comparison).toBeNull();
  });
});

describe('an empty sample in the z-test', () => {
  it('gives no test when either sample is empty', () => {
    expect(twoProportionZTest(0, 0, 5, 10)).toBeNull();
    expect(twoProportionZTest(5, 10, 0, 0)).toBeNull();
  });
});

describe('the verdict of each variant', () => {
  const verdicts = (samples: VariantSample[]) =>
    abTestResult(samples).variants.map((variant) => [variant.variantId, variant.verdict]);

  it('says there is not enough data while nothing was sent', () => {
    expect(
      verdicts([
        { variantId: 'a', sent: 0, replied: 0 },
        { variantId: 'b', sent: 0, replied: 0 },
      ]),
    ).toEqual([
      ['a', 'not_enough_data'],
      ['b', 'not_enough_data'],
    ]);
  });

  it('says there is not enough data below the minimum sample, however large the gap', () => {
    expect(
      verdicts([
        { variantId: 'a', sent: 29, replied: 0 },
        { variantId: 'b', sent: 500, replied: 400 },
      ]),
    ).toEqual([
      ['a', 'not_enough_data'],
      ['b', 'not_enough_data'],
    ]);
  });

  it('calls the best significantly better and the other significantly worse', () => {
    expect(
      verdicts([
        { variantId: 'a', sent: 30, replied: 3 },
        { variantId: 'b', sent: 30, replied: 20 },
      ]),
    ).toEqual([
      ['a', 'significantly_worse'],
      ['b', 'significantly_better'],
    ]);
    expect(abTestResult([]).minimumSent).toBe(AB_SIGNIFICANCE_RULE.minimumSent);
  });

  it('says no significant difference once both samples are large enough', () => {
    expect(
      verdicts([
        { variantId: 'a', sent: 40, replied: 10 },
        { variantId: 'b', sent: 40, replied: 12 },
      ]),
    ).toEqual([
      ['a', 'no_significant_difference'],
      ['b', 'no_significant_difference'],
    ]);
  });

  it('judges a small third variant apart from two large ones', () => {
    expect(
      verdicts([
        { variantId: 'a', sent: 100, replied: 10 },
        { variantId: 'b', sent: 100, replied: 40 },
        { variantId: 'c', sent: 5, replied: 1 },
      ]),
    ).toEqual([
      ['a', 'significantly_worse'],
      ['b', 'significantly_better'],
      ['c', 'not_enough_data'],
    ]);
  });
});
