/** Defaults every package applies when a value is not given. */
import type { AccountLimits, CampaignSettings } from './model.types.js';
import { CORE_VARIABLES, type CoreVariable } from './vocabulary.js';

export const DEFAULT_CAMPAIGN_SETTINGS: CampaignSettings = Object.freeze({
  timezone: 'UTC',
  workingHours: Object.freeze({ start: '09:00', end: '18:00', days: Object.freeze([1, 2, 3, 4, 5]) }),
  invitationTimeoutDays: 21,
});

/**
 * The caps every account had before limits followed the account's tier (`linkedin-limits.rules`).
 * Kept to read records written then: a stored value equal to its old default was never the user's
 * choice.
 */
export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = Object.freeze({
  invitationsPerDay: 20,
  invitationsPerWeek: 100,
  messagesPerDay: 50,
  inmailsPerDay: 20,
  profileVisitsPerDay: 80,
});

/** Every core variable switched on. */
export const DEFAULT_CORE_VARIABLES: Readonly<Record<CoreVariable, boolean>> = Object.freeze(
  Object.fromEntries(CORE_VARIABLES.map((name) => [name, true])) as Record<CoreVariable, boolean>,
);
