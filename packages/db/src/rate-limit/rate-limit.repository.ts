import type { Model } from 'mongoose';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import type { RateLimitRecord } from './rate-limit.schema.js';

export interface WindowCount {
  /** Requests counted in the current window, this one included. */
  count: number;
  /** When the current window ends and the count starts again from zero. */
  resetAt: Date;
}

/** Fixed-window request counters shared by every API instance. */
export class RateLimitRepository {
  constructor(private readonly model: Model<RateLimitRecord>) {}

  /**
   * Counts one request for `apiKeyId` in the fixed window containing `realNow` (HTTP time: real,
   * never a compressed product clock, as the TTL monitor expires windows in real time). Unscoped by nature:
   * it runs before the request's workspace matters, keyed by the API key id. One atomic upsert
   * with `$inc`; the first requests of a window may race to insert it, and the loser retries
   * once (by then the window exists and the `$inc` applies).
   */
  async incrementFixedWindow(
    apiKeyId: string,
    window: { realNow: Date; windowMs: number },
  ): Promise<WindowCount> {
    const startMs = Math.floor(window.realNow.getTime() / window.windowMs) * window.windowMs;
    const resetAt = new Date(startMs + window.windowMs);
    const increment = () =>
      this.model
        .findOneAndUpdate(
          { _id: `${apiKeyId}|${startMs}` },
          {
            $inc: { count: 1 },
            // Kept one extra window so a slow clock on another instance still finds it.
            $setOnInsert: {
              key: apiKeyId,
              windowStart: new Date(startMs),
              expiresAt: new Date(resetAt.getTime() + window.windowMs),
            },
          },
          { upsert: true, returnDocument: 'after' },
        )
        .lean<RateLimitRecord>()
        .exec();
    let record: RateLimitRecord | null;
    try {
      record = await increment();
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      record = await increment();
    }
    return { count: record?.count ?? 1, resetAt };
  }
}
