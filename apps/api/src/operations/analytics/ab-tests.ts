import type { AbTest } from '@outreach/contract';
import type { ActionAnalytics, Campaign as CampaignEntity } from '@outreach/db';
import { abTestResult } from '@outreach/domain';

type VariantCounts = ActionAnalytics['perVariant'][number];

/** A variant row as the analytics response lists it (current variants, then deleted ones). */
export interface VariantRowRef {
  variantId: string;
  stepId: string;
  order: number;
}

/**
 * The A/B results of every step with two variants or more, in step order. A variant's sample is
 * the distinct leads it was sent to in the window, and its successes those of them who replied
 * (capped at the sample: a reply counted in the window may answer a message sent before it).
 */
export function abTests(
  campaign: CampaignEntity,
  rows: readonly VariantRowRef[],
  analytics: ActionAnalytics,
): AbTest[] {
  const counts = new Map<string, VariantCounts>(analytics.perVariant.map((row) => [row.variantId, row]));
  const tests: AbTest[] = [];
  for (const step of campaign.steps) {
    const variants = rows.filter((row) => row.stepId === step.id);
    if (variants.length < 2) continue;
    const samples = variants.map((row) => {
      const sent = counts.get(row.variantId)?.leadsMessaged ?? 0;
      const replied = Math.min(sent, counts.get(row.variantId)?.leadsReplied ?? 0);
      return { variantId: row.variantId, sent, replied };
    });
    const result = abTestResult(samples);
    tests.push({
      stepId: step.id,
      order: step.order,
      bestVariantId: result.bestVariantId,
      minimumSent: result.minimumSent,
      variants: result.variants.map((variant, index) => ({
        variantId: variant.variantId,
        order: variants[index]?.order ?? index,
        sent: variant.sent,
        replied: variant.replied,
        responseRate: variant.responseRate,
        interval: variant.interval,
        comparison: variant.comparison,
        verdict: variant.verdict,
      })),
    });
  }
  return tests;
}
