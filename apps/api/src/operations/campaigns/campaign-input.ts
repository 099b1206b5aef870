import type { CampaignPatch } from '@outreach/db';
import { DomainError } from '@outreach/domain';

export interface CampaignInput {
  settings?: CampaignPatch['settings'] | undefined;
  coreVariables?: CampaignPatch['coreVariables'] | undefined;
  customVariables?: CampaignPatch['customVariables'] | undefined;
}

/** Checks what the schema cannot (a real IANA zone, a working day that ends after it starts). */
export function campaignSettingsPatch(input: CampaignInput): Omit<CampaignPatch, 'name'> {
  const patch: Omit<CampaignPatch, 'name'> = {};
  if (input.settings !== undefined) {
    const { timezone, workingHours } = input.settings;
    if (timezone !== undefined) assertTimeZone(timezone, 'settings.timezone');
    if (
      workingHours?.start !== undefined &&
      workingHours.end !== undefined &&
      workingHours.end <= workingHours.start
    ) {
      throw new DomainError('invalid_input', 'settings.workingHours.end must be after start', {
        field: 'settings.workingHours',
      });
    }
    patch.settings = input.settings;
  }
  if (input.coreVariables !== undefined) patch.coreVariables = input.coreVariables;
  if (input.customVariables !== undefined) patch.customVariables = input.customVariables;
  return patch;
}

export function assertTimeZone(timezone: string, field: string): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
  } catch {
    throw new DomainError('invalid_input', `${field}: unknown time zone ${timezone}`, { field });
  }
}
