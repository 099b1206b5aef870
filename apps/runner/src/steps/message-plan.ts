import {
  composeStepMessage,
  enabledVariants,
  type IcpDecisionRecord,
  type IcpMatcher,
  type VariantDef,
} from '@outreach/domain';
import {
  decideIcpForVariants,
  generateAiValues,
  icpDefinitionKey,
  icpMatcherFromDecisions,
} from '@outreach/llm';
import { resumedKey, type StepRun } from '../step-run/step-run.js';
import type { MessagePlan } from '../store/runner-store.port.js';

export type PlannedMessage =
  | {
      ok: true;
      text: string;
      /** The variant the text came from; null for the generic body. */
      variantId: string | null;
      /** The variant rotation assigned (kept on the lead even when the generic body is sent). */
      assignedVariantId: string | null;
      /** How the message was made, to record with the pending action; null for a resumed one. */
      plan: MessagePlan | null;
      /** The rotation's turn was taken by the write that confirmed the campaign runs the step. */
      campaignConfirmed: boolean;
    }
  | { ok: false; missing: readonly string[]; plan: MessagePlan; campaignConfirmed: boolean }
  /** The campaign no longer runs with the step in place (the rotation took no turn). */
  | { ok: false; moved: true };

/**
 * The rotation's pick for the lead at this step, given how its ICP decisions match: the variant
 * (null: the step's generic body) and whether a turn was taken, which confirms the campaign runs
 * the step; null when the campaign no longer does.
 */
export type AssignVariant = (
  run: StepRun,
  matcher: IcpMatcher,
) => Promise<{ variantId: string | null; turnTaken: boolean } | null>;

/**
 * What a message or screener step sends this lead. A retry of an action whose outcome is unknown
 * sends the text recorded with it, as it is: the AI tools are not asked again (their answer could
 * differ), so the network recognises the message it may already have. Otherwise: the lead's ICP
 * decisions for the step's definitions (each definition decided once per lead, by the model when
 * one is configured), the rotation's variant, the AI tool values the variant uses, then the
 * rendering (variant, else the step's generic body, else nothing: `missing_variable`). The model is
 * never waited on longer than its configured timeout, and every failure falls back to the keyword
 * rules (ICP) or to a missing value (AI tools).
 */
export async function planMessage(run: StepRun, assignVariant: AssignVariant): Promise<PlannedMessage> {
  const { ctx, campaign, step, lead } = run;
  const assigned = lead.assignedVariants[step.id] ?? null;
  if (resumedKey(run) !== null && lead.pendingActionContent) {
    const fromVariant = lead.variantChoices?.[step.id]?.content === 'variant';
    return {
      ok: true,
      text: lead.pendingActionContent,
      variantId: fromVariant ? assigned : null,
      assignedVariantId: assigned,
      plan: null,
      campaignConfirmed: false,
    };
  }

  const model = ctx.languageModel;
  const logging = { clock: ctx.clock, logger: ctx.logger };
  const icp = await decideIcpForVariants({
    model,
    workspaceId: lead.workspaceId,
    lead,
    variants: step.variants,
    known: lead.icpDecisions ?? {},
    ...logging,
  });
  const pick = await assignVariant(run, icpMatcherFromDecisions(icp.all, ctx.icpMatcher));
  if (pick === null) return { ok: false, moved: true };
  const { variantId, turnTaken: campaignConfirmed } = pick;
  const variant = step.variants.find((candidate) => candidate.id === variantId) ?? null;
  const ai =
    variant === null
      ? { values: {}, outcomes: [] }
      : await generateAiValues({ model, workspaceId: lead.workspaceId, lead, variant, logger: ctx.logger });
  const composed = composeStepMessage(step, variant, lead, { ...campaign, aiValues: ai.values });
  const decision = variant === null ? undefined : icp.all[definitionKeyOf(variant) ?? ''];
  const plan: MessagePlan = {
    stepId: step.id,
    choice: {
      variantId: variant?.id ?? null,
      reason: choiceReason(step.variants, variant, decision),
      icpDefinitionKey: decision?.definitionKey ?? null,
      content: composed.ok ? composed.source : 'missing_variable',
      aiTools: ai.outcomes,
      chosenAt: ctx.clock().toISOString(),
    },
    icpDecisions: icp.added,
  };
  if (!composed.ok) return { ok: false, missing: composed.missing, plan, campaignConfirmed };
  return {
    ok: true,
    text: composed.text,
    variantId: composed.variantId,
    assignedVariantId: variantId,
    plan,
    campaignConfirmed,
  };
}

function definitionKeyOf(variant: VariantDef): string | null {
  const definition = variant.icpDefinitionRaw;
  return definition === null || definition.trim() === '' ? null : icpDefinitionKey(definition);
}

/** One line saying which pool the lead's variant came from (see `rotationCandidates`). */
function choiceReason(
  variants: readonly VariantDef[],
  variant: VariantDef | null,
  decision: IcpDecisionRecord | undefined,
): string {
  if (variant === null) return 'the step has no enabled variant: its generic body is the message';
  if (decision?.matches) return `matches the ICP of this variant (${decision.source}): ${decision.reason}`;
  const targeted = enabledVariants(variants).some((candidate) => definitionKeyOf(candidate) !== null);
  if (!targeted) return "rotation over the step's variants (none has an ICP definition)";
  if (decision === undefined) return "matches no variant's ICP: rotation over the variants without one";
  return "matches no variant's ICP and every variant has one: rotation over all of them";
}
