export { DEFAULT_CAMPAIGN_SETTINGS, defaultCoreVariables } from './campaign.defaults.js';
export type { Campaign, Step, StepVariant } from './campaign.entity.js';
export { COUNTER_FIGURES, type CampaignCounters, type CounterFigure } from './campaign-counters.js';
export type { CounterCheck } from './campaign-counters-check.js';
export type { CampaignCountersRepository, CounterDrift, LeadChange } from './campaign-counters.repository.js';
export type { DeferredLeadCounts } from './deferred-lead-counts.js';
export type {
  CampaignListQuery,
  CampaignPatch,
  CampaignSettingsPatch,
  NewCampaign,
  StepInput,
  VariantInput,
} from './campaign-input.js';
export type { CampaignRepository } from './campaign.repository.js';
export type { AiTool, CampaignSettings, WorkingHours } from './campaign.schema.js';
