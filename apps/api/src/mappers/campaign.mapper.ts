import type { Campaign, CampaignDetail, Step, StepVariant, SequenceStep } from '@outreach/contract';
import type {
  Campaign as CampaignEntity,
  CampaignSummary,
  Step as StepEntity,
  StepVariant as VariantEntity,
} from '@outreach/db';
import {
  AI_TOOL_KEYS,
  campaignProgress,
  campaignRates,
  stepTypeHasVariants,
  type AiToolKey,
} from '@outreach/domain';

/** What a campaign's list entry shows besides its own fields: lead counts and action counters. */
export type CampaignStats = CampaignSummary;

export function toApiCampaign(campaign: CampaignEntity, stats: CampaignStats): Campaign {
  const rates = campaignRates(stats);
  return {
    id: campaign.id,
    name: campaign.name,
    status: campaign.status,
    progress: campaignProgress(stats.leadCounts),
    createdAt: campaign.createdAt.toISOString(),
    settings: {
      timezone: campaign.settings.timezone,
      workingHours: {
        start: campaign.settings.workingHours.start,
        end: campaign.settings.workingHours.end,
        days: [...campaign.settings.workingHours.days],
      },
      invitationTimeoutDays: campaign.settings.invitationTimeoutDays,
    },
    coreVariables: { ...campaign.coreVariables },
    customVariables: { ...campaign.customVariables },
    networkAccounts: [...campaign.networkAccounts],
    analytics: {
      acceptanceRate: rates.acceptanceRate,
      responseRate: rates.responseRate,
      totalLeads: stats.totalLeads,
    },
  };
}

export function toApiCampaignDetail(campaign: CampaignEntity, stats: CampaignStats): CampaignDetail {
  return { ...toApiCampaign(campaign, stats), steps: campaign.steps.map(toApiStep) };
}

function isAiToolKey(key: string): key is AiToolKey {
  return (AI_TOOL_KEYS as readonly string[]).includes(key);
}

/** A variant's tools: only catalogue tools can be enabled, so no other key is ever listed. */
function toApiAiTools(tools: VariantEntity['aiTools']): StepVariant['aiTools'] {
  return tools.flatMap((tool) => (isAiToolKey(tool.key) ? [{ name: tool.name, key: tool.key }] : []));
}

export function toApiVariant(variant: VariantEntity): StepVariant {
  return {
    id: variant.id,
    body: variant.body,
    order: variant.order,
    isDisabled: variant.isDisabled,
    icpDefinitionRaw: variant.icpDefinitionRaw,
    stepId: variant.stepId,
    aiTools: toApiAiTools(variant.aiTools),
  };
}

/** The fields of a step that every view of it shows. */
function stepFields(step: StepEntity): Step {
  return {
    id: step.id,
    type: step.type,
    order: step.order,
    delay: step.delay,
    stopOnReply: step.stopOnReply,
    genericBody: step.genericBody,
  };
}

/** A step; only message and screener steps carry `variants`. */
export function toApiStep(step: StepEntity): Step {
  const api = stepFields(step);
  if (stepTypeHasVariants(step.type)) api.variants = (step.variants ?? []).map(toApiVariant);
  return api;
}

/** A step as the sequence endpoint lists it: variants under `messages`, without `stepId`. */
export function toSequenceStep(step: StepEntity): SequenceStep {
  return {
    ...stepFields(step),
    messages: (step.variants ?? []).map((variant) => ({
      id: variant.id,
      body: variant.body,
      order: variant.order,
      isDisabled: variant.isDisabled,
      icpDefinitionRaw: variant.icpDefinitionRaw,
      aiTools: toApiAiTools(variant.aiTools),
    })),
  };
}
