import { LIMITS } from '@outreach/domain';

export interface PageRequest {
  offset?: number;
  limit?: number;
  /** The opaque cursor of a previous page: the page starts after it (then `offset` applies). */
  after?: string;
}

/** One page of a list, with the total number of matching records for the caller's pager. */
export interface Page<T> {
  total: number;
  items: T[];
  /** Where the next page starts (`after`), or null on the last page; lists without cursors omit it. */
  nextCursor?: string | null;
}

/** Offset and limit bounded like the API's own validation, as a second line of defence. */
export function pageBounds(request: PageRequest): { skip: number; limit: number } {
  const skip = Math.max(0, Math.floor(request.offset ?? 0));
  const limit = Math.min(
    LIMITS.maxPageSize,
    Math.max(1, Math.floor(request.limit ?? LIMITS.defaultPageSize)),
  );
  return { skip, limit };
}

/** A user's search text as a literal, case-insensitive pattern (no regex injection). */
export function containsPattern(search: string): RegExp {
  return new RegExp(search.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
}

/**
 * The strings starting with `prefix`, as a range an index bounds (a regex would be read against
 * every key of the list). U+FFFF sorts after every character a normalised identifier holds.
 */
export function prefixRange(prefix: string): { $gte: string; $lt: string } {
  return { $gte: prefix, $lt: `${prefix}\uffff` };
}
