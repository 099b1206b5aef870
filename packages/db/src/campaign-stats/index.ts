export type {
  CampaignStatsRepository,
  CampaignSummary,
  LeadWindowCounts,
  LeadWindowQuery,
} from './campaign-stats.repository.js';
