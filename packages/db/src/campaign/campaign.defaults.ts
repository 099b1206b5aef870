import { CORE_VARIABLES, type CoreVariable } from '@outreach/domain';
import type { CampaignSettings } from './campaign.schema.js';

/** What a new campaign starts with when its creator says nothing. */
export const DEFAULT_CAMPAIGN_SETTINGS: Readonly<CampaignSettings> = {
  timezone: 'UTC',
  workingHours: { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] },
  invitationTimeoutDays: 21,
};

export function defaultCoreVariables(): Record<CoreVariable, boolean> {
  return Object.fromEntries(CORE_VARIABLES.map((name) => [name, true])) as Record<CoreVariable, boolean>;
}
