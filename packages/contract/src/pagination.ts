import { z } from 'zod';

/** `offset` and `limit` of every list endpoint: limit defaults to 50 and is at most 100. */
export const paginationQuery = z.strictObject({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export type PaginationQuery = z.infer<typeof paginationQuery>;
