import type { StepDef, TagAnalysis } from '@outreach/domain';
import { analyseReply, type ReplyAnalysis } from '@outreach/llm';
import type { RunnerContext } from '../context/runner-context.js';
import type { RunnerLead } from '../store/runner-store.port.js';

/**
 * Reads a lead's answer to a screener step: the language model when one is configured (its
 * reading tags only at or above the configured confidence), else, or when the model fails, the
 * keyword rules. The reading is kept on the lead, tag or not, so users see why it was (not) tagged.
 */
export async function screenReply(
  ctx: RunnerContext,
  lead: RunnerLead,
  screener: StepDef,
  reply: string,
): Promise<ReplyAnalysis> {
  const analysis = await analyseReply({
    model: ctx.languageModel,
    workspaceId: lead.workspaceId,
    reply,
    question: screenerQuestion(lead, screener),
    keywordRules: ctx.analyser,
    minConfidence: ctx.options.screenerMinConfidence,
    clock: ctx.clock,
    logger: ctx.logger,
  });
  await ctx.store.recordScreenerAnalysis(lead.workspaceId, lead.id, analysis);
  return analysis;
}

/** What the tag event says of the reading behind it. */
export function tagAnalysisOf(analysis: ReplyAnalysis): TagAnalysis {
  const { label, confidence, reason, source, model, failure } = analysis;
  return { label, confidence, reason, source, model, failure };
}

/** The question the lead answered: the lead's variant of the screener, else its generic body. */
function screenerQuestion(lead: RunnerLead, screener: StepDef): string | null {
  const variantId = lead.assignedVariants[screener.id];
  const variant = screener.variants.find((candidate) => candidate.id === variantId);
  return variant?.body ?? screener.genericBody;
}
