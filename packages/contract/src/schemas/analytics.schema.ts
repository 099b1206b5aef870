/** Requests of the analytics operations. */
import { CAMPAIGN_STATUSES } from '@outreach/domain';
import { z } from 'zod';
import {
  isBoundedWindow,
  isOrderedWindow,
  resolveAnalyticsWindow,
  WINDOW_TOO_LONG_MESSAGE,
} from './analytics-window.js';
import { idValue, isoDateOrDateTime } from './common.schema.js';
import { campaignIdParams } from './campaign.schema.js';

const windowOrder = {
  message: 'must be before endDate',
  path: ['startDate'],
};

/**
 * With both bounds given the length is known here; with one missing it depends on the clock, and
 * the operations check it again once they have resolved the window.
 */
const windowLength = {
  message: WINDOW_TOO_LONG_MESSAGE,
  path: ['endDate'],
};

function isBoundedQuery(query: { startDate?: string | undefined; endDate?: string | undefined }): boolean {
  if (query.startDate === undefined || query.endDate === undefined) return true;
  return isBoundedWindow(resolveAnalyticsWindow(query, new Date(0)));
}

export const campaignAnalyticsParams = campaignIdParams;
export const campaignAnalyticsQuery = z
  .strictObject({
    startDate: isoDateOrDateTime.optional(),
    endDate: isoDateOrDateTime.optional(),
  })
  .refine(isOrderedWindow, windowOrder)
  .refine(isBoundedQuery, windowLength);

export const workspaceAnalyticsQuery = z
  .strictObject({
    startDate: isoDateOrDateTime.optional(),
    endDate: isoDateOrDateTime.optional(),
    accountId: idValue.optional(),
    campaignStatus: z.enum(CAMPAIGN_STATUSES).optional(),
  })
  .refine(isOrderedWindow, windowOrder)
  .refine(isBoundedQuery, windowLength);
