/**
 * A/B test statistics for message variants: the Wilson score interval of each variant's response
 * rate, and a pooled two-proportion z-test of each variant against the best one. Pure arithmetic;
 * the rule for calling a difference significant is `AB_SIGNIFICANCE_RULE`.
 */

/** The 0.975 quantile of the standard normal distribution: a two-sided 95% interval. */
export const Z_95 = 1.959963984540054;

/**
 * A difference is called significant only when both variants were sent to at least
 * `minimumSent` leads (below that the normal approximation behind the z-test is unreliable and
 * an early lead is mostly noise) and the two-sided p-value is below `alpha`. No correction is
 * made for comparing several variants with the best one.
 */
export const AB_SIGNIFICANCE_RULE = { minimumSent: 30, alpha: 0.05 } as const;

export interface Interval {
  lower: number;
  upper: number;
}

/**
 * The Wilson score interval for `successes` out of `trials` at the normal quantile `z`
 * (Wilson 1927; Newcombe 1998, method 3). Unlike the textbook p ± z·se interval it stays within
 * [0, 1] and is not empty at 0 or `trials` successes. [0, 0] when there were no trials.
 */
export function wilsonInterval(successes: number, trials: number, z: number = Z_95): Interval {
  if (trials <= 0) return { lower: 0, upper: 0 };
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const halfWidth = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return { lower: Math.max(0, centre - halfWidth), upper: Math.min(1, centre + halfWidth) };
}

export interface ProportionTest {
  /** (p1 − p2) / standard error under the pooled null hypothesis p1 = p2. */
  z: number;
  /** Two-sided p-value of `z` under the standard normal distribution. */
  pValue: number;
}

/**
 * The pooled two-proportion z-test of x1/n1 against x2/n2, two-sided, without continuity
 * correction (as R's `prop.test(correct = FALSE)` and statsmodels' `proportions_ztest`). When
 * the pooled rate is 0 or 1 the two samples cannot differ: z = 0, p = 1. Null when a sample is
 * empty.
 */
export function twoProportionZTest(x1: number, n1: number, x2: number, n2: number): ProportionTest | null {
  if (n1 <= 0 || n2 <= 0) return null;
  const pooled = (x1 + x2) / (n1 + n2);
  const variance = pooled * (1 - pooled) * (1 / n1 + 1 / n2);
  if (variance <= 0) return { z: 0, pValue: 1 };
  const z = (x1 / n1 - x2 / n2) / Math.sqrt(variance);
  return { z, pValue: Math.min(1, erfc(Math.abs(z) / Math.SQRT2)) };
}

/**
 * The complementary error function. Below 3 it is 1 − erf(x) with erf summed as the series
 * 2/√π · e^(−x²) · Σ 2ⁿ x^(2n+1) / (1·3·…·(2n+1)), whose terms are all positive (no
 * cancellation); from 3 on, where 1 − erf would lose digits, the continued fraction
 * e^(−x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …)))), evaluated from the tail.
 * Both are accurate to about 1e-14 absolute, far beyond what a p-value needs.
 */
export function erfc(x: number): number {
  if (x < 0) return 2 - erfc(-x);
  if (x < 3) {
    let term = x;
    let sum = x;
    for (let n = 1; n < 200 && term > 1e-17 * sum; n += 1) {
      term *= (2 * x * x) / (2 * n + 1);
      sum += term;
    }
    return 1 - (2 / Math.sqrt(Math.PI)) * Math.exp(-x * x) * sum;
  }
  let fraction = x;
  for (let k = 60; k >= 1; k -= 1) fraction = x + k / 2 / fraction;
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / fraction;
}

export interface VariantSample {
  variantId: string;
  /** Leads the variant was sent to. */
  sent: number;
  /** Of those, leads who replied. */
  replied: number;
}

export interface VariantComparison {
  /** The variant compared with: the best-performing one of the step. */
  againstVariantId: string;
  /** Two-sided p-value of the pooled two-proportion z-test; null when a sample is empty. */
  pValue: number | null;
  /** Both samples reach the minimum size and the p-value is below alpha. */
  significant: boolean;
}

/**
 * What the numbers allow saying about one variant. `not_enough_data`: no comparison it takes part
 * in has the minimum sample on both sides. `significantly_worse`: it is significantly below the
 * best. `significantly_better`: it is the best and significantly above at least one other.
 * `no_significant_difference`: the samples are large enough, the difference is not significant.
 */
export const AB_VERDICTS = [
  'not_enough_data',
  'no_significant_difference',
  'significantly_better',
  'significantly_worse',
] as const;
export type AbVerdict = (typeof AB_VERDICTS)[number];

export interface VariantResult extends VariantSample {
  responseRate: number;
  interval: Interval;
  /** Null for the best variant itself. */
  comparison: VariantComparison | null;
  verdict: AbVerdict;
}

export interface AbTestResult {
  /** The highest response rate (ties: the first given, i.e. the lowest order); null when none was sent. */
  bestVariantId: string | null;
  /** The leads each of two variants must be sent to before their difference can be significant. */
  minimumSent: number;
  variants: VariantResult[];
}

/**
 * The A/B results of one step's variants, in the order given: each one's rate with its 95%
 * Wilson interval, and every other variant compared with the best under `AB_SIGNIFICANCE_RULE`.
 */
export function abTestResult(samples: readonly VariantSample[], rule = AB_SIGNIFICANCE_RULE): AbTestResult {
  const rateOf = (sample: VariantSample) => (sample.sent > 0 ? sample.replied / sample.sent : 0);
  let best: VariantSample | null = null;
  for (const sample of samples) {
    if (sample.sent > 0 && (best === null || rateOf(sample) > rateOf(best))) best = sample;
  }
  const largeEnough = (sample: VariantSample) =>
    best !== null && sample.sent >= rule.minimumSent && best.sent >= rule.minimumSent;
  const results = samples.map((sample) => {
    const base = {
      ...sample,
      responseRate: rateOf(sample),
      interval: wilsonInterval(sample.replied, sample.sent),
    };
    if (best === null || sample === best) return { ...base, comparison: null };
    const test = twoProportionZTest(sample.replied, sample.sent, best.replied, best.sent);
    const comparison: VariantComparison = {
      againstVariantId: best.variantId,
      pValue: test?.pValue ?? null,
      significant: largeEnough(sample) && test !== null && test.pValue < rule.alpha,
    };
    return { ...base, comparison };
  });
  const compared = results.filter((variant) => variant.comparison !== null && largeEnough(variant));
  const anySignificant = results.some((variant) => variant.comparison?.significant === true);
  // Only the best variant has no comparison (or every one, when none was sent: then none is
  // compared, and each has not enough data).
  const verdictOf = (variant: (typeof results)[number]): AbVerdict => {
    if (variant.comparison === null) {
      if (anySignificant) return 'significantly_better';
      return compared.length > 0 ? 'no_significant_difference' : 'not_enough_data';
    }
    if (variant.comparison.significant) return 'significantly_worse';
    return largeEnough(variant) ? 'no_significant_difference' : 'not_enough_data';
  };
  const variants = results.map((variant): VariantResult => ({ ...variant, verdict: verdictOf(variant) }));
  return { bestVariantId: best?.variantId ?? null, minimumSent: rule.minimumSent, variants };
}
