import { z } from 'zod';
import { queryInteger } from './common.schema.js';
import { REQUEST_LIMITS } from './request-limits.js';

/** Records to skip; 0 by default. */
export const offsetQuery = queryInteger().min(0).default(0);

/** Records to return: 50 by default, at most 100. */
export const limitQuery = queryInteger()
  .min(1)
  .max(REQUEST_LIMITS.maxPageSize)
  .default(REQUEST_LIMITS.defaultPageSize);

/** `offset` and `limit` of a list that takes nothing else. */
export const paginationQuery = z.strictObject({ offset: offsetQuery, limit: limitQuery });

export type PaginationQuery = z.output<typeof paginationQuery>;
