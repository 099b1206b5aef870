/**
 * The time window of the analytics operations, resolved from the optional `startDate` and
 * `endDate` query values as the document describes them.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Window length when neither `startDate` nor a creation time is given. */
export const DEFAULT_ANALYTICS_WINDOW_DAYS = 30;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

export interface AnalyticsWindow {
  /** Inclusive. */
  readonly start: Date;
  /** Exclusive. */
  readonly end: Date;
}

/**
 * A date-only `startDate` is its UTC midnight; a date-only `endDate` includes that whole UTC day.
 * Without `endDate` the window ends `now`. Without `startDate` it starts at `createdAt` (when the
 * campaign, or the workspace, was created: a demo's compressed clock runs through 30 days in
 * minutes, and a window that forgot the campaign would read 0), but at most 366 days before its
 * end; with no `createdAt`, 30 days before its end. The values must already be valid ISO 8601
 * (the query schemas check them).
 */
export function resolveAnalyticsWindow(
  query: { readonly startDate?: string | undefined; readonly endDate?: string | undefined },
  now: Date,
  createdAt?: Date,
): AnalyticsWindow {
  const end = query.endDate === undefined ? now : endOf(query.endDate);
  if (query.startDate !== undefined) {
    return { start: new Date(Math.min(Date.parse(query.startDate), LAST_INSTANT_MS)), end };
  }
  if (createdAt === undefined) {
    return { start: new Date(end.getTime() - DEFAULT_ANALYTICS_WINDOW_DAYS * DAY_MS), end };
  }
  const earliest = end.getTime() - MAX_ANALYTICS_WINDOW_DAYS * DAY_MS;
  return { start: new Date(Math.min(Math.max(createdAt.getTime(), earliest), end.getTime())), end };
}

/**
 * The last instant an ISO 8601 date-time with a four-digit year can name. The window's bounds are
 * answered as such date-times, so `endDate=9999-12-31` (which would end on 10000-01-01) ends here.
 */
const LAST_INSTANT_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function endOf(value: string): Date {
  const instant = Date.parse(value);
  return new Date(Math.min(DATE_ONLY.test(value) ? instant + DAY_MS : instant, LAST_INSTANT_MS));
}

/** True unless both bounds are given and the window they make is empty. */
export function isOrderedWindow(query: {
  readonly startDate?: string | undefined;
  readonly endDate?: string | undefined;
}): boolean {
  if (query.startDate === undefined || query.endDate === undefined) return true;
  const { start, end } = resolveAnalyticsWindow(query, new Date(0));
  return start.getTime() < end.getTime();
}

/** The longest window the analytics operations answer: a leap year. */
export const MAX_ANALYTICS_WINDOW_DAYS = 366;

export const WINDOW_TOO_LONG_MESSAGE = `the window from startDate to endDate must be at most ${MAX_ANALYTICS_WINDOW_DAYS} days`;

/** True when the resolved window (see `resolveAnalyticsWindow`) spans at most 366 days. */
export function isBoundedWindow(window: AnalyticsWindow): boolean {
  return window.end.getTime() - window.start.getTime() <= MAX_ANALYTICS_WINDOW_DAYS * DAY_MS;
}
