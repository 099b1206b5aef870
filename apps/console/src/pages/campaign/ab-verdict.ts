import type { components } from '@outreach/client';

type AbVariant = components['schemas']['AbTestVariant'];

/**
 * The API declares a difference significant only when both variants reached this many leads
 * (see AbTest in the contract); below it, the console says so instead of calling a winner.
 */
const MIN_SENT_FOR_A_VERDICT = 30;

/** The verdict of one variant against its step's best, in the API's own terms. */
export function abVerdict(variant: AbVariant, best: AbVariant | undefined): string {
  if (variant.sent === 0) return 'Not sent yet';
  if (!variant.comparison) return 'Best so far';
  if (variant.comparison.significant) return 'Significantly worse than the best';
  if (variant.sent < MIN_SENT_FOR_A_VERDICT || (best?.sent ?? 0) < MIN_SENT_FOR_A_VERDICT)
    return 'Not enough data yet';
  return 'No significant difference';
}
