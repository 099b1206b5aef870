import type { components } from '@outreach/client';

type AbTest = components['schemas']['AbTest'];
type AbVariant = components['schemas']['AbTestVariant'];
type AbVerdict = components['schemas']['AbVerdict'];

const VERDICTS: Record<AbVerdict, string> = {
  not_enough_data: 'Not enough data yet',
  no_significant_difference: 'No significant difference yet',
  significantly_better: 'Significantly better',
  significantly_worse: 'Significantly worse than the best',
};

/**
 * The API's verdict on one variant, in words. The API decides (the sample it needs, the test and
 * its threshold are in the contract's AbTest); the console only says it, with the sample size
 * the API gave when it lacks data and the p-value when there is one.
 */
export function abVerdict(variant: AbVariant, test: Pick<AbTest, 'minimumSent'>): string {
  const words = VERDICTS[variant.verdict];
  if (variant.verdict === 'not_enough_data')
    return `${words} (a verdict needs ${test.minimumSent} leads per variant)`;
  const pValue = variant.comparison?.pValue;
  return pValue == null ? words : `${words} (p = ${pValue.toFixed(3)})`;
}
