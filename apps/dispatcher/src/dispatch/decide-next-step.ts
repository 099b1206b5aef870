import type { SendOutcome } from '../delivery/http-sender.js';
import { parseRetryAfterMs } from '../delivery/retry-after.js';
import { nextRetryDelayMs, type RandomSource } from '../delivery/retry-schedule.js';
import type { AttemptRecord, FailureReason } from '../ports/dispatch-store.port.js';

export type NextStep =
  | { kind: 'delivered' }
  | { kind: 'retry'; at: Date }
  | { kind: 'failed'; reason: FailureReason; removeSubscription: boolean };

/** Statuses whose `Retry-After` is honoured, per HTTP semantics. */
const RETRY_AFTER_STATUSES = new Set([429, 503]);

/**
 * The two times a decision reads. `now` is the product clock, which due times are stored on (a
 * demo compresses it `timeScale` times); `realNow` is HTTP time, which a receiver's `Retry-After`
 * is written in, whether seconds or an HTTP date.
 */
export interface DecisionTimes {
  now: Date;
  realNow: Date;
  /** Product milliseconds per real millisecond (`TIME_SCALE`; 1 outside demos). */
  timeScale: number;
}

/**
 * What follows attempt number `attempt`: only 2xx is success; 410 Gone means the receiver wants no
 * more deliveries, so the subscription goes; a URL that cannot be posted to will never work;
 * everything else (3xx, 4xx, 5xx, timeouts, refused or unreachable targets) is retried on the
 * schedule until it runs out.
 */
export function decideNextStep(
  attempt: number,
  outcome: SendOutcome,
  times: DecisionTimes,
  random: RandomSource,
): NextStep {
  const { now, realNow, timeScale } = times;
  if (outcome.kind === 'response') {
    if (outcome.status >= 200 && outcome.status < 300) return { kind: 'delivered' };
    if (outcome.status === 410) return { kind: 'failed', reason: 'gone', removeSubscription: true };
  } else if (outcome.code === 'invalid_url') {
    return { kind: 'failed', reason: 'invalid_url', removeSubscription: false };
  }
  // A receiver's wait is real time: read against the real clock, then stretched onto the product
  // clock, so a compressed demo clock neither shortens it nor misreads its date.
  const retryAfterRealMs =
    outcome.kind === 'response' && RETRY_AFTER_STATUSES.has(outcome.status)
      ? parseRetryAfterMs(outcome.retryAfter, realNow)
      : null;
  const delay = nextRetryDelayMs(attempt, random, retryAfterRealMs, timeScale);
  if (delay === null) return { kind: 'failed', reason: 'attempts_exhausted', removeSubscription: false };
  return { kind: 'retry', at: new Date(now.getTime() + delay) };
}

export function toAttemptRecord(attempt: number, startedAt: Date, outcome: SendOutcome): AttemptRecord {
  return outcome.kind === 'response'
    ? {
        attempt,
        startedAt,
        durationMs: outcome.durationMs,
        statusCode: outcome.status,
        responseBody: outcome.responseBody,
        error: outcome.status >= 300 && outcome.status < 400 ? 'redirect not followed' : null,
      }
    : {
        attempt,
        startedAt,
        durationMs: outcome.durationMs,
        statusCode: null,
        responseBody: null,
        error: outcome.error,
      };
}
