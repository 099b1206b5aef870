/**
 * When to try a failed call again. 429 and 5xx (and lost connections) are retried with exponential
 * backoff, honouring the endpoint's `retry-after-ms` / `retry-after`, but only while the wait still
 * ends before the answer's deadline: the caller never waits longer than the configured timeout.
 */
export interface RetryPolicy {
  /** Further attempts after the first. */
  maxRetries: number;
  /** First backoff; doubles with each retry. */
  baseDelayMs: number;
  /** Longest backoff between two attempts. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 8_000 };

/**
 * The wait before retry number `retry` (0 for the first retry). Half fixed, half random ("equal
 * jitter"), so runners that failed together do not come back together.
 */
export function backoffMs(policy: RetryPolicy, retry: number, random: () => number): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** The delay the endpoint asked for, in ms, or null when it named none we can read. */
export function retryAfterMs(headers: Headers | undefined, nowMs: number): number | null {
  if (!headers) return null;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers.get('retry-after');
  if (value === null) return null;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - nowMs);
}
