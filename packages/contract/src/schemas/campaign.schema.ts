/** Requests of the campaign operations (create, list, get, update, pause, start, senders). */
import { CAMPAIGN_STATUSES } from '@outreach/domain';
import { z } from 'zod';
import {
  coreVariablesInput,
  customVariables,
  hasAnyField,
  idList,
  idValue,
  searchText,
  timeZone,
  trimmedText,
} from './common.schema.js';
import { afterQuery, limitQuery, offsetQuery } from './pagination.schema.js';
import { REQUEST_LIMITS } from './request-limits.js';

const clockTime = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { message: 'must be a time HH:MM' });

export const workingHours = z
  .strictObject({
    start: clockTime,
    end: clockTime,
    days: z
      .array(z.number().int().min(1).max(7))
      .min(1)
      .max(7)
      .refine((days) => new Set(days).size === days.length, { message: 'must not repeat a day' }),
  })
  // Zero-padded HH:MM strings compare like the times they write.
  .refine((hours) => hours.end > hours.start, { message: 'must be after start', path: ['end'] });

export const campaignSettingsInput = z.strictObject({
  timezone: timeZone.optional(),
  workingHours: workingHours.optional(),
  invitationTimeoutDays: z.number().int().min(1).max(REQUEST_LIMITS.maxInvitationTimeoutDays).optional(),
});

export const campaignName = trimmedText(REQUEST_LIMITS.nameMaxLength);

/** `/v1/campaigns/{id}/...` */
export const campaignIdAsIdParams = z.strictObject({ id: idValue });
/** `/v1/campaigns/{campaignId}/...` */
export const campaignIdParams = z.strictObject({ campaignId: idValue });

export const createCampaignBody = z.strictObject({
  name: campaignName,
  settings: campaignSettingsInput.optional(),
  coreVariables: coreVariablesInput.optional(),
  customVariables: customVariables.optional(),
});

export const listCampaignsQuery = z.strictObject({
  status: z.enum(CAMPAIGN_STATUSES).optional(),
  search: searchText.optional(),
  offset: offsetQuery,
  after: afterQuery,
  limit: limitQuery,
});

export const getCampaignParams = campaignIdAsIdParams;

export const updateCampaignParams = campaignIdAsIdParams;
export const updateCampaignBody = createCampaignBody.partial().refine(hasAnyField, {
  message: 'must change at least one of name, settings, coreVariables, customVariables',
});

export const pauseCampaignParams = campaignIdParams;
export const startCampaignParams = campaignIdParams;

export const addCampaignSendersParams = campaignIdParams;
export const addCampaignSendersBody = z.strictObject({ accountIds: idList });

export const getCampaignSequenceParams = campaignIdAsIdParams;
