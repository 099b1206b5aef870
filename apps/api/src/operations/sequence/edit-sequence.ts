import {
  VersionConflictError,
  type Campaign as CampaignEntity,
  type Step,
  type StepInput,
} from '@outreach/db';
import type { StepDef, VariantDef } from '@outreach/domain';
import { requireCampaign, type OperationContext } from '../context.js';

/** Concurrent edits of one sequence are rare; a few re-reads settle any realistic race. */
const MAX_ATTEMPTS = 4;

export interface SequenceEdit<R> {
  steps: readonly StepDef[];
  result: R;
}

export interface EditedSequence<R> {
  before: CampaignEntity;
  after: CampaignEntity;
  result: R;
}

/**
 * Applies a domain edit to the campaign's sequence and stores it conditional on the version it was
 * computed from. When another edit got in first, the campaign is read again and the edit computed
 * again on the new sequence, so neither edit is lost. Rule violations throw on the first attempt.
 */
export async function editSequence<R>(
  ctx: OperationContext,
  campaignId: string,
  edit: (steps: StepDef[], campaign: CampaignEntity) => SequenceEdit<R>,
): Promise<EditedSequence<R>> {
  for (let attempt = 1; ; attempt += 1) {
    const before = await requireCampaign(ctx, campaignId);
    const { steps, result } = edit(before.steps.map(toStepDef), before);
    try {
      const after = await ctx.db.campaigns.replaceSequence(ctx.workspaceId, campaignId, {
        expectedVersion: before.version,
        steps: steps.map(toStepInput),
      });
      return { before, after, result };
    } catch (error) {
      if (!(error instanceof VersionConflictError) || attempt >= MAX_ATTEMPTS) throw error;
      ctx.log.debug({ campaignId, attempt }, 'sequence changed concurrently; editing again');
    }
  }
}

export function toStepDef(step: Step): StepDef {
  return {
    id: step.id,
    type: step.type,
    order: step.order,
    delay: step.delay,
    stopOnReply: step.stopOnReply,
    genericBody: step.genericBody,
    variants: (step.variants ?? []).map(variantFields),
  };
}

function toStepInput(step: StepDef): StepInput {
  return {
    id: step.id,
    type: step.type,
    delay: step.delay,
    stopOnReply: step.stopOnReply,
    genericBody: step.genericBody,
    variants: step.variants.map(variantFields),
  };
}

/** A variant's own fields, without what a stored one adds (its step id). */
function variantFields(variant: VariantDef): VariantDef {
  return {
    id: variant.id,
    body: variant.body,
    order: variant.order,
    isDisabled: variant.isDisabled,
    icpDefinitionRaw: variant.icpDefinitionRaw,
    aiTools: variant.aiTools,
  };
}

/** The step with this id in the stored campaign (it exists: the edit just wrote it). */
export function storedStep(campaign: CampaignEntity, stepId: string): Step {
  const step = campaign.steps.find((candidate) => candidate.id === stepId);
  if (!step) throw new Error(`step ${stepId} missing right after it was stored`);
  return step;
}
