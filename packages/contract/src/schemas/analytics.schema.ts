/** Requests of the analytics operations. */
import { CAMPAIGN_STATUSES } from '@outreach/domain';
import { z } from 'zod';
import { isOrderedWindow } from './analytics-window.js';
import { idValue, isoDateOrDateTime } from './common.schema.js';
import { campaignIdParams } from './campaign.schema.js';

const windowOrder = {
  message: 'must be before endDate',
  path: ['startDate'],
};

export const campaignAnalyticsParams = campaignIdParams;
export const campaignAnalyticsQuery = z
  .strictObject({
    startDate: isoDateOrDateTime.optional(),
    endDate: isoDateOrDateTime.optional(),
  })
  .refine(isOrderedWindow, windowOrder);

export const workspaceAnalyticsQuery = z
  .strictObject({
    startDate: isoDateOrDateTime.optional(),
    endDate: isoDateOrDateTime.optional(),
    accountId: idValue.optional(),
    campaignStatus: z.enum(CAMPAIGN_STATUSES).optional(),
  })
  .refine(isOrderedWindow, windowOrder);
