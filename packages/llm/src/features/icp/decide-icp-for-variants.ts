/**
 * The ICP decisions a lead needs before rotation picks its variant at a step: one per distinct
 * definition of the step's enabled variants, reusing the decisions the lead already holds. The
 * caller stores `added` on the lead and hands `icpMatcherFromDecisions(all)` to the rotation.
 */
import { enabledVariants, type IcpDecisionRecord, type LeadProfile, type VariantDef } from '@outreach/domain';
import type { Clock, LanguageModel, ModelLogger } from '../../port/language-model.port.js';
import { decideIcp } from './decide-icp.js';
import { icpDefinitionKey, type IcpDecision, type IcpDecisions } from './icp-decision.js';

export interface DecideIcpForVariantsInput {
  model: LanguageModel | null;
  workspaceId: string;
  lead: LeadProfile;
  variants: readonly VariantDef[];
  /** Decisions already stored on the lead. */
  known: IcpDecisions;
  clock: Clock;
  logger?: ModelLogger;
}

export interface IcpDecisionsForStep {
  /** Every decision the step's rotation reads (known ones included). */
  all: Record<string, IcpDecisionRecord>;
  /** Decisions made now, to store on the lead. */
  added: Record<string, IcpDecision>;
}

export async function decideIcpForVariants(input: DecideIcpForVariantsInput): Promise<IcpDecisionsForStep> {
  const definitions = new Map<string, string>();
  for (const variant of enabledVariants(input.variants)) {
    const definition = variant.icpDefinitionRaw;
    if (definition === null || definition.trim() === '') continue;
    definitions.set(icpDefinitionKey(definition), definition);
  }
  const all: Record<string, IcpDecisionRecord> = {};
  const missing: string[] = [];
  for (const [key, definition] of definitions) {
    const known = input.known[key];
    if (known) all[key] = known;
    else missing.push(definition);
  }
  const decided = await Promise.all(
    missing.map((definition) =>
      decideIcp({
        model: input.model,
        workspaceId: input.workspaceId,
        lead: input.lead,
        definition,
        clock: input.clock,
        ...(input.logger ? { logger: input.logger } : {}),
      }),
    ),
  );
  const added = Object.fromEntries(decided.map((decision) => [decision.definitionKey, decision]));
  return { all: { ...all, ...added }, added };
}
