/** A source of uniform numbers in [0, 1); injected so jitter is reproducible in tests. */
export type RandomSource = () => number;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Delays before each retry, counted from the failed attempt before it. The first try is immediate;
 * after the last retry fails the delivery is marked failed and kept with its attempt log.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  10 * HOUR,
];

/** First try plus one attempt per scheduled retry. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** Spreads retries by up to this fraction either way, so receivers that recover are not stampeded. */
export const JITTER_RATIO = 0.1;

/**
 * A `Retry-After` longer than this (real time) is clamped: a receiver must not be able to park a
 * delivery for weeks, and the schedule's own longest gap is well below it.
 */
export const MAX_RETRY_AFTER_MS = 24 * HOUR;

/**
 * The delay on the product clock before the next attempt after `attempt` (1-based) failed, or null
 * when that was the last one. `retryAfterRealMs` comes from a 429 or 503 response, in real time; it
 * is clamped, converted to product time (`timeScale` product ms per real ms) and wins when it is
 * later than the schedule.
 */
export function nextRetryDelayMs(
  attempt: number,
  random: RandomSource,
  retryAfterRealMs: number | null = null,
  timeScale = 1,
): number | null {
  const base = RETRY_DELAYS_MS[attempt - 1];
  if (base === undefined) return null;
  const jittered = Math.round(base * (1 + (random() * 2 - 1) * JITTER_RATIO));
  if (retryAfterRealMs === null) return jittered;
  return Math.max(jittered, Math.min(retryAfterRealMs, MAX_RETRY_AFTER_MS) * timeScale);
}
