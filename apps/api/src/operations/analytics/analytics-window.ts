import {
  isBoundedWindow,
  resolveAnalyticsWindow,
  WINDOW_TOO_LONG_MESSAGE,
  type AnalyticsWindowUsed,
} from '@outreach/contract';
import { ZodError } from 'zod';

const DAY_MS = 86_400_000;

export interface AnalyticsWindow {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
  /** Where the start comes from: the query, the creation of what is counted, or the 366-day limit. */
  startFrom: AnalyticsWindowUsed['startFrom'];
}

/**
 * The window `[startDate, endDate)` as the contract defines it (a date-only start is its UTC
 * midnight, a date-only end includes that whole UTC day; by default from `createdAt`, the creation
 * of the campaign or workspace counted, up to now, at most 366 days). The
 * query schema has already refused malformed dates, a start after the end and, when both are
 * given, a window over 366 days; with a bound missing the length depends on `now`, so it is checked
 * here, answered like the schema's own refusal.
 */
export function analyticsWindow(
  query: { startDate?: string | undefined; endDate?: string | undefined },
  now: Date,
  createdAt: Date,
): AnalyticsWindow {
  const resolved = resolveAnalyticsWindow(query, now, createdAt);
  if (!isBoundedWindow(resolved)) {
    const field = query.startDate === undefined ? 'endDate' : 'startDate';
    throw new ZodError([
      { code: 'custom', path: [field], message: WINDOW_TOO_LONG_MESSAGE, input: query[field] },
    ]);
  }
  const { start, end } = resolved;
  const startFrom =
    query.startDate !== undefined ? 'query' : start.getTime() > createdAt.getTime() ? 'limit' : 'creation';
  return { from: start, to: end, startFrom };
}

/** The window as the answers show it. */
export function windowUsed(window: AnalyticsWindow): AnalyticsWindowUsed {
  return {
    startDate: window.from.toISOString(),
    endDate: window.to.toISOString(),
    startFrom: window.startFrom,
  };
}

/** Every UTC day that overlaps the window, oldest first, as `YYYY-MM-DD`. */
export function utcDays(window: Pick<AnalyticsWindow, 'from' | 'to'>): string[] {
  const days: string[] = [];
  const last = Math.max(window.from.getTime(), window.to.getTime() - 1);
  for (let day = Math.floor(window.from.getTime() / DAY_MS); day <= Math.floor(last / DAY_MS); day += 1) {
    days.push(new Date(day * DAY_MS).toISOString().slice(0, 10));
  }
  return days;
}
