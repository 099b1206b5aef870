/** Requests of the block-list operations, workspace-wide and per campaign. */
import { z } from 'zod';
import { idList, publicIdentifier, searchText } from './common.schema.js';
import { campaignIdParams } from './campaign.schema.js';
import { afterQuery, limitQuery, offsetQuery } from './pagination.schema.js';
import { REQUEST_LIMITS } from './request-limits.js';

export const BLOCK_SORT_ORDERS = ['ASC', 'DESC'] as const;

const blockListQuery = z.strictObject({
  sort: z.enum(BLOCK_SORT_ORDERS).default('DESC'),
  offset: offsetQuery,
  after: afterQuery,
  search: searchText.optional(),
  limit: limitQuery,
});

export const listBlockedLeadsQuery = blockListQuery;

export const blockLeadsBody = z.strictObject({
  leads: z
    .array(
      z.strictObject({
        publicIdentifier,
        reason: z.string().max(REQUEST_LIMITS.blockReasonMaxLength).optional(),
      }),
    )
    .min(1)
    .max(REQUEST_LIMITS.maxItemsPerRequest),
});

/** The body is the array of block ids itself (block record ids, not public identifiers). */
export const unblockLeadsBody = idList;

export const listCampaignBlockedLeadsParams = campaignIdParams;
export const listCampaignBlockedLeadsQuery = blockListQuery;

export const blockCampaignLeadsParams = campaignIdParams;
export const blockCampaignLeadsBody = z.strictObject({
  publicIdentifiers: z.array(publicIdentifier).min(1).max(REQUEST_LIMITS.maxItemsPerRequest),
});

export const unblockCampaignLeadsParams = campaignIdParams;
export const unblockCampaignLeadsBody = idList;
