import type { RequestHandler } from 'express';
import { rateLimit, type ClientRateLimitInfo, type Options, type Store } from 'express-rate-limit';
import { accessOf, callerKeyOf } from '../auth/principal.js';
import { HttpError } from './http-error.js';

/** One fixed window, in real time (HTTP time). */
export const RATE_LIMIT_WINDOW_REAL_MS = 60_000;

/** A fixed-window counter shared by every API instance (kept in MongoDB). */
export interface SharedCounters {
  /** Counts one hit for `key` in the window containing `now`; returns the count and window end. */
  hit(key: string, windowMs: number, realNow: Date): Promise<{ count: number; resetAt: Date }>;
}

/**
 * Adapts the shared counters to express-rate-limit's store interface. Counters expire on their
 * own at the end of their window, so decrement and reset have nothing to undo.
 */
class SharedCounterStore implements Store {
  readonly localKeys = false;
  private windowMs = RATE_LIMIT_WINDOW_REAL_MS;

  constructor(
    private readonly counters: SharedCounters,
    private readonly realClock: () => Date,
  ) {}

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    // Real time, never the product clock: the middleware derives Retry-After and RateLimit-Reset
    // from the real time too, and windows are shared with instances whose clocks are real.
    const { count, resetAt } = await this.counters.hit(key, this.windowMs, this.realClock());
    return { totalHits: count, resetTime: resetAt };
  }

  decrement(): void {}

  resetKey(): void {}
}

export interface RateLimitOptions {
  counters: SharedCounters;
  limitPerMinute: number;
  /** HTTP time: the real clock, never the (possibly compressed) product clock. */
  realClock: () => Date;
}

/**
 * Limits each API key to `limitPerMinute` requests, whatever instance serves them. Answers with
 * `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and `RateLimit-Policy` on every
 * response, and `Retry-After` with the 429. Runs after authentication: the key id is the counter.
 */
export function rateLimitPerApiKey(options: RateLimitOptions): RequestHandler {
  return rateLimit({
    windowMs: RATE_LIMIT_WINDOW_REAL_MS,
    limit: options.limitPerMinute,
    standardHeaders: 'draft-6',
    legacyHeaders: false,
    store: new SharedCounterStore(options.counters, options.realClock),
    keyGenerator: (_req, res) => callerKeyOf(accessOf(res)),
    handler: (_req, _res, next) => {
      next(
        new HttpError(
          429,
          `rate limit exceeded: at most ${options.limitPerMinute} requests a minute per API key or person`,
          {
            code: 'rate_limited',
          },
        ),
      );
    },
    // The key generator never reads the client address, so the IP-related checks do not apply.
    validate: { ip: false, trustProxy: false, xForwardedForHeader: false, keyGeneratorIpFallback: false },
  });
}
