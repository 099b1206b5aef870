import { toCampaignCounters, type CampaignCounters } from './campaign-counters.js';
import { VARIANT_STEP_TYPES, type CampaignStatus, type CoreVariable, type StepType } from '@outreach/domain';
import type { WorkspaceId } from '../common/public-ids.js';
import type {
  AiTool,
  CampaignRecord,
  CampaignSettings,
  StepRecord,
  VariantRecord,
} from './campaign.schema.js';

export interface StepVariant {
  id: string;
  body: string;
  order: number;
  isDisabled: boolean;
  icpDefinitionRaw: string | null;
  stepId: string;
  aiTools: AiTool[];
}

export interface Step {
  id: string;
  type: StepType;
  order: number;
  delay: number;
  stopOnReply: boolean;
  genericBody: string | null;
  /** Present for message and screener steps only, ordered by `order`. */
  variants?: StepVariant[];
  /** How many variant picks this step has made (the round-robin position). */
  rotationCounter: number;
}

/**
 * A campaign and its sequence. `progress` and `analytics` of the API's Campaign are computed from
 * leads and actions, so they are not here; `version` and `activation` are for the API and runner.
 */
export interface Campaign {
  id: string;
  workspaceId: WorkspaceId;
  name: string;
  status: CampaignStatus;
  createdAt: Date;
  updatedAt: Date;
  settings: CampaignSettings;
  coreVariables: Record<CoreVariable, boolean>;
  customVariables: Record<string, string>;
  networkAccounts: string[];
  steps: Step[];
  version: number;
  activation: number;
  /** How many times the campaign was given waiting leads again (see the record's field). */
  leadsGeneration: number;
  /** Figures kept on write; null until first written (see campaign-counters.ts). */
  counters: CampaignCounters | null;
  /** The `traceparent` of the request that last started it (traced runs only), else null. */
  startTraceparent: string | null;
}

function hasVariants(type: StepType): boolean {
  return (VARIANT_STEP_TYPES as readonly StepType[]).includes(type);
}

function toVariant(record: VariantRecord, stepId: string): StepVariant {
  return {
    id: record._id,
    body: record.body,
    order: record.order,
    isDisabled: record.isDisabled,
    icpDefinitionRaw: record.icpDefinitionRaw ?? null,
    stepId,
    aiTools: (record.aiTools ?? []).map((tool) => ({ name: tool.name, key: tool.key })),
  };
}

function toStep(record: StepRecord, order: number, rotationCounters: Record<string, number>): Step {
  const step: Step = {
    id: record._id,
    type: record.type,
    order,
    delay: record.delay,
    stopOnReply: record.stopOnReply,
    genericBody: record.genericBody ?? null,
    rotationCounter: rotationCounters[record._id] ?? 0,
  };
  if (hasVariants(record.type)) {
    step.variants = (record.variants ?? [])
      .map((variant) => toVariant(variant, record._id))
      .sort((a, b) => a.order - b.order);
  }
  return step;
}

export function toCampaign(record: CampaignRecord): Campaign {
  const rotationCounters = record.rotationCounters ?? {};
  return {
    id: record._id,
    workspaceId: record.workspaceId as WorkspaceId,
    name: record.name,
    status: record.status,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    settings: {
      timezone: record.settings.timezone,
      workingHours: {
        start: record.settings.workingHours.start,
        end: record.settings.workingHours.end,
        days: [...record.settings.workingHours.days],
      },
      invitationTimeoutDays: record.settings.invitationTimeoutDays,
    },
    coreVariables: { ...record.coreVariables },
    customVariables: { ...record.customVariables },
    networkAccounts: [...(record.networkAccounts ?? [])],
    steps: (record.steps ?? []).map((step, order) => toStep(step, order, rotationCounters)),
    version: record.version,
    activation: record.activation,
    leadsGeneration: record.leadsGeneration ?? 0,
    counters: toCampaignCounters(record.counters),
    startTraceparent: record.startTraceparent ?? null,
  };
}
