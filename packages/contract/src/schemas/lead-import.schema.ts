/**
 * Requests of the lead import operations, and of the reads a sender offers an import (its Sales
 * Navigator lists, the ids of search filters). What a source's URL must look like, and which facet
 * a search can be split by, are the domain's rules (`checkLeadSource`, `splitFilters`): a request
 * that passes here may still be refused with `invalid_lead_source`.
 */
import { z } from 'zod';
import { campaignIdParams } from './campaign.schema.js';
import { idValue, queryInteger } from './common.schema.js';
import { leadFileMapping } from './lead-file.schema.js';
import { afterQuery, limitQuery } from './pagination.schema.js';

const searchApi = z.enum(['classic', 'sales_navigator', 'recruiter']);

export const leadImportSource = z.union([
  z.strictObject({ type: z.literal('linkedin_search'), url: z.string().min(1).max(4000) }),
  z.strictObject({
    type: z.literal('linkedin_search'),
    api: searchApi,
    filters: z
      .record(z.string(), z.unknown())
      .refine((filters) => Object.keys(filters).length <= 50, { message: 'must have at most 50 filters' }),
  }),
  z.strictObject({ type: z.literal('sales_navigator_list'), listId: z.string().min(1).max(200) }),
  z.strictObject({
    type: z.literal('post_engagers'),
    postUrl: z.string().min(1).max(2048),
    kinds: z
      .array(z.enum(['reactions', 'comments']))
      .min(1)
      .max(2)
      .refine((kinds) => new Set(kinds).size === kinds.length, { message: 'must not repeat a kind' }),
  }),
  z.strictObject({ type: z.literal('connections') }),
  z.strictObject({ type: z.literal('csv'), fileId: idValue, mapping: leadFileMapping }),
]);

export const leadImportDedupe = z.strictObject({
  otherCampaigns: z.enum(['skip', 'add']).default('skip'),
  contactedWithinDays: z.number().int().min(0).max(365).default(30),
  connected: z.enum(['skip', 'start_at_message']).default('skip'),
});

export const leadImportSplit = z.strictObject({
  facet: z.enum(['location', 'industry', 'seniority', 'company_headcount']),
  values: z.array(z.unknown()).min(2).max(50).optional(),
});

export const createLeadImportParams = campaignIdParams;
export const createLeadImportBody = z.strictObject({
  accountId: idValue,
  source: leadImportSource,
  dedupe: leadImportDedupe.optional(),
  split: leadImportSplit.optional(),
  dryRun: z.boolean().default(false),
});

export const listLeadImportsParams = campaignIdParams;
export const listLeadImportsQuery = z.strictObject({ after: afterQuery, limit: limitQuery });

const importIdParams = z.strictObject({ importId: idValue });
export const getLeadImportParams = importIdParams;
export const cancelLeadImportParams = importIdParams;
export const getLeadImportReportParams = importIdParams;

const accountIdParams = z.strictObject({ accountId: idValue });
export const listAccountLeadListsParams = accountIdParams;
export const listAccountLeadListsQuery = z.strictObject({
  after: z.string().min(1).max(2000).optional(),
  limit: limitQuery,
});
export const listSearchParametersParams = accountIdParams;
export const listSearchParametersQuery = z.strictObject({
  type: z
    .string()
    .min(1)
    .max(50)
    .regex(/^[A-Z_]+$/, 'must be a filter type such as LOCATION'),
  keywords: z.string().min(1).max(200).optional(),
  api: searchApi.optional(),
  limit: queryInteger().min(1).max(100).default(20),
});
