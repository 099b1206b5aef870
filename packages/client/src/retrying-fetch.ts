import { retryAfterMs } from './errors.js';

export interface RetryOptions {
  /** Retries after the first try for 429 and 503 answers (default 3). */
  maxRetries: number;
  /** Upper bound of one wait, whatever `Retry-After` asks for (default 30 s). */
  maxDelayMs: number;
  /** Wait used when the answer has no `Retry-After`: base * 2^attempt (default 500 ms). */
  baseDelayMs: number;
  sleep: (ms: number) => Promise<void>;
}

const RETRYABLE = new Set([429, 503]);

export const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Wraps fetch so that 429 and 503 answers are retried after the wait the server asks for. Both
 * statuses mean the request was not processed, so retrying is safe for every method. The request
 * is cloned before each try because a body can only be read once.
 */
export function retryingFetch(
  fetchImpl: (request: Request) => Promise<Response>,
  options: RetryOptions,
): (request: Request) => Promise<Response> {
  return async (request) => {
    for (let attempt = 0; ; attempt += 1) {
      const response = await fetchImpl(request.clone());
      if (!RETRYABLE.has(response.status) || attempt >= options.maxRetries) return response;
      const asked = retryAfterMs(response.headers, Date.now());
      const delay = Math.min(asked ?? options.baseDelayMs * 2 ** attempt, options.maxDelayMs);
      await response.body?.cancel();
      await options.sleep(delay);
    }
  };
}
