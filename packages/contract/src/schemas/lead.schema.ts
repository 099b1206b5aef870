/** Requests of the lead operations: a campaign's leads, lead status and tags. */
import { LEAD_STATUSES, LEAD_TAGS } from '@outreach/domain';
import { z } from 'zod';
import { customVariables, idList, idValue, publicIdentifier } from './common.schema.js';
import { campaignIdParams } from './campaign.schema.js';
import { afterQuery, limitQuery, offsetQuery } from './pagination.schema.js';
import { REQUEST_LIMITS } from './request-limits.js';

/** A profile URL: `http(s)://<host>/in/<publicIdentifier>`, from which the identifier is taken. */
export const NETWORK_URL_PATTERN = /^https?:\/\/[^/\s]+\/in\/[^/?#\s]+\/?([?#]\S*)?$/;

const profileText = (maxLength: number) => z.string().max(maxLength).optional();

export const leadInput = z
  .strictObject({
    publicIdentifier: publicIdentifier.optional(),
    networkUrl: z
      .string()
      .max(REQUEST_LIMITS.urlMaxLength)
      .regex(NETWORK_URL_PATTERN, { message: 'must be a profile URL http(s)://<host>/in/<identifier>' })
      .optional(),
    firstName: profileText(200),
    lastName: profileText(200),
    email: z.email().max(320).optional(),
    phone: profileText(50),
    companyName: profileText(200),
    headline: profileText(500),
    website: profileText(REQUEST_LIMITS.urlMaxLength),
    summary: profileText(REQUEST_LIMITS.templateMaxLength),
    customVariables: customVariables.optional(),
  })
  .refine((lead) => lead.publicIdentifier !== undefined || lead.networkUrl !== undefined, {
    message: 'publicIdentifier or networkUrl is required',
    path: ['publicIdentifier'],
  });

export const listCampaignLeadsParams = campaignIdParams;
export const listCampaignLeadsQuery = z.strictObject({
  status: z.enum(LEAD_STATUSES).optional(),
  offset: offsetQuery,
  after: afterQuery,
  limit: limitQuery,
});

export const addLeadsParams = campaignIdParams;
export const addLeadsBody = z.strictObject({
  leads: z.array(leadInput).min(1).max(REQUEST_LIMITS.maxItemsPerRequest),
});

/** The body is the array of lead ids itself. */
export const removeLeadsParams = campaignIdParams;
export const removeLeadsBody = idList;

const leadIdParams = z.strictObject({ leadId: idValue });

export const updateLeadStatusParams = leadIdParams;
export const updateLeadStatusBody = z.strictObject({ status: z.enum(LEAD_STATUSES) });

export const tagLeadParams = leadIdParams;
export const tagLeadBody = z.strictObject({ tag: z.enum(LEAD_TAGS) });
