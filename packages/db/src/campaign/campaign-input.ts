import type { CampaignStatus, CoreVariable, StepType } from '@outreach/domain';
import type { PageRequest } from '../common/page.js';
import { DEFAULT_CAMPAIGN_SETTINGS } from './campaign.defaults.js';
import type { AiTool, CampaignSettings, StepRecord, WorkingHours } from './campaign.schema.js';

/*
 * What callers hand the campaign repository (a new campaign, a patch, a sequence edit, a list
 * query), and how each becomes what is stored.
 */

export interface NewCampaign {
  name: string;
  networkAccounts?: readonly string[];
  settings?: CampaignSettingsPatch;
  coreVariables?: Partial<Record<CoreVariable, boolean>>;
  customVariables?: Record<string, string>;
}

export interface CampaignSettingsPatch {
  timezone?: string;
  workingHours?: Partial<WorkingHours>;
  invitationTimeoutDays?: number;
}

export interface CampaignPatch {
  name?: string;
  settings?: CampaignSettingsPatch;
  /** Merged into the stored flags. */
  coreVariables?: Partial<Record<CoreVariable, boolean>>;
  /** Replaces the whole map, so a variable can be removed. */
  customVariables?: Record<string, string>;
}

export interface VariantInput {
  id: string;
  body: string;
  order: number;
  isDisabled: boolean;
  icpDefinitionRaw: string | null;
  aiTools: readonly AiTool[];
}

/** A step as stored by a sequence edit; the position in the array is its order. */
export interface StepInput {
  id: string;
  type: StepType;
  delay: number;
  stopOnReply: boolean;
  genericBody: string | null;
  variants?: readonly VariantInput[];
}

export interface CampaignListQuery extends PageRequest {
  status?: CampaignStatus;
  /** Case-insensitive substring of the name. */
  search?: string;
}

export function mergedSettings(patch: CampaignSettingsPatch = {}): CampaignSettings {
  const workingHours = { ...DEFAULT_CAMPAIGN_SETTINGS.workingHours, ...patch.workingHours };
  return {
    timezone: patch.timezone ?? DEFAULT_CAMPAIGN_SETTINGS.timezone,
    // The default days are a frozen list shared by every caller; the record gets its own.
    workingHours: { ...workingHours, days: [...workingHours.days] },
    invitationTimeoutDays: patch.invitationTimeoutDays ?? DEFAULT_CAMPAIGN_SETTINGS.invitationTimeoutDays,
  };
}

/** Dotted `$set` paths for a partial patch, so untouched settings and flags keep their values. */
export function patchPaths(patch: CampaignPatch): Record<string, unknown> {
  const set: Record<string, unknown> = {};
  if (patch.name !== undefined) set['name'] = patch.name;
  const { settings, coreVariables, customVariables } = patch;
  if (settings?.timezone !== undefined) set['settings.timezone'] = settings.timezone;
  if (settings?.invitationTimeoutDays !== undefined) {
    set['settings.invitationTimeoutDays'] = settings.invitationTimeoutDays;
  }
  for (const [key, value] of Object.entries(settings?.workingHours ?? {})) {
    set[`settings.workingHours.${key}`] = value;
  }
  for (const [key, value] of Object.entries(coreVariables ?? {})) set[`coreVariables.${key}`] = value;
  if (customVariables !== undefined) set['customVariables'] = customVariables;
  return set;
}

export function toStepRecord(step: StepInput): StepRecord {
  return {
    _id: step.id,
    type: step.type,
    delay: step.delay,
    stopOnReply: step.stopOnReply,
    genericBody: step.genericBody,
    variants: (step.variants ?? []).map((variant) => ({
      _id: variant.id,
      body: variant.body,
      order: variant.order,
      isDisabled: variant.isDisabled,
      icpDefinitionRaw: variant.icpDefinitionRaw,
      aiTools: variant.aiTools.map((tool) => ({ name: tool.name, key: tool.key })),
    })),
  };
}
