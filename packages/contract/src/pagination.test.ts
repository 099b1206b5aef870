import { describe, expect, it } from 'vitest';
import { paginationQuery } from './pagination.js';

describe('paginationQuery', () => {
  it('defaults to the first 50 records', () => {
    expect(paginationQuery.parse({})).toEqual({ offset: 0, limit: 50 });
  });

  it('rejects a limit over 100 and a negative offset', () => {
    expect(paginationQuery.safeParse({ limit: '101' }).success).toBe(false);
    expect(paginationQuery.safeParse({ offset: '-1' }).success).toBe(false);
  });
});
