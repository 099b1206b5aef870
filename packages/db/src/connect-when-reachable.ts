import { isDatabaseUnavailable } from './common/database-unavailable.js';
import { connectDb, type ConnectDbOptions, type Db } from './db.js';

/** One try that found the database unreachable, and the wait before the next. */
export interface UnreachableAtStart {
  error: unknown;
  /** 1 for the first try. */
  attempt: number;
  retryInMs: number;
}

export interface ConnectWhenReachableOptions extends ConnectDbOptions {
  /** Called after each try that could not reach the database, before the wait (to log it). */
  onUnreachable?: (unreachable: UnreachableAtStart) => void;
  /** The first wait; each next one is twice as long, up to `maxWaitMs`. Default 500 ms. */
  firstWaitMs?: number;
  /** Default 30 s. */
  maxWaitMs?: number;
}

/**
 * `connectDb`, waiting for the database when it cannot be reached: a process started during an
 * outage, while its database is still starting, or while it is too loaded to answer within the
 * driver's server selection timeout, waits as it would through an outage that began later, and
 * starts once the database answers. Tries again after 0.5 s, doubling to at most 30 s. Any other
 * error (a malformed URI, refused credentials) still fails at once.
 */
export async function connectDbWhenReachable(
  uri: string,
  { onUnreachable, firstWaitMs = 500, maxWaitMs = 30_000, ...options }: ConnectWhenReachableOptions = {},
): Promise<Db> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await connectDb(uri, options);
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const retryInMs = Math.min(maxWaitMs, firstWaitMs * 2 ** (attempt - 1));
      onUnreachable?.({ error, attempt, retryInMs });
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
    }
  }
}
