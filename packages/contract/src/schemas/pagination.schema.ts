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

/** The opaque cursor of a previous page (its `nextCursor`); base64url, as the server makes it. */
export const afterQuery = z
  .string()
  .min(1)
  .max(500)
  .regex(/^[A-Za-z0-9_-]+$/, 'must be the nextCursor of a previous page')
  .optional();

/** `offset` and `limit` of a list that takes nothing else (and no cursor). */
export const paginationQuery = z.strictObject({ offset: offsetQuery, limit: limitQuery });

/** `offset`, `after` and `limit` of a list that takes nothing else. */
export const cursorPaginationQuery = z.strictObject({
  offset: offsetQuery,
  after: afterQuery,
  limit: limitQuery,
});

export type PaginationQuery = z.output<typeof paginationQuery>;
