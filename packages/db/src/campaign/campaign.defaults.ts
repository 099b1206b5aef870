import { DEFAULT_CAMPAIGN_SETTINGS, DEFAULT_CORE_VARIABLES, type CoreVariable } from '@outreach/domain';

/** What a new campaign starts with when its creator says nothing: the domain's defaults. */
export { DEFAULT_CAMPAIGN_SETTINGS };

/** Every core variable switched on, as a fresh map a record can own. */
export function defaultCoreVariables(): Record<CoreVariable, boolean> {
  return { ...DEFAULT_CORE_VARIABLES };
}
