import { isBoundedWindow, resolveAnalyticsWindow, WINDOW_TOO_LONG_MESSAGE } from '@outreach/contract';
import { ZodError } from 'zod';

const DAY_MS = 86_400_000;

export interface AnalyticsWindow {
  /** Inclusive. */
  from: Date;
  /** Exclusive. */
  to: Date;
}

/**
 * The window `[startDate, endDate)` as the contract defines it (a date-only start is its UTC
 * midnight, a date-only end includes that whole UTC day; by default the 30 days up to now). The
 * query schema has already refused malformed dates, a start after the end and, when both are
 * given, a window over 366 days; with a bound missing the length depends on `now`, so it is checked
 * here, answered like the schema's own refusal.
 */
export function analyticsWindow(
  query: { startDate?: string | undefined; endDate?: string | undefined },
  now: Date,
): AnalyticsWindow {
  const resolved = resolveAnalyticsWindow(query, now);
  if (!isBoundedWindow(resolved)) {
    const field = query.startDate === undefined ? 'endDate' : 'startDate';
    throw new ZodError([
      { code: 'custom', path: [field], message: WINDOW_TOO_LONG_MESSAGE, input: query[field] },
    ]);
  }
  const { start, end } = resolved;
  return { from: start, to: end };
}

/** Every UTC day that overlaps the window, oldest first, as `YYYY-MM-DD`. */
export function utcDays(window: AnalyticsWindow): string[] {
  const days: string[] = [];
  const last = Math.max(window.from.getTime(), window.to.getTime() - 1);
  for (let day = Math.floor(window.from.getTime() / DAY_MS); day <= Math.floor(last / DAY_MS); day += 1) {
    days.push(new Date(day * DAY_MS).toISOString().slice(0, 10));
  }
  return days;
}
