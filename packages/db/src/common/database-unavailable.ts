/**
 * Errors that mean "the database cannot be reached right now" rather than "this request is
 * wrong": a dropped or refused connection, no server to select, a pool cleared after a network
 * error, an operation mongoose kept waiting for a connection that did not come back. Callers answer
 * them as a temporary outage (the API: 503 with Retry-After; background loops: wait and retry).
 */
const UNAVAILABLE_ERROR_NAMES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongooseServerSelectionError',
  'MongoNotConnectedError',
  'MongoTopologyClosedError',
  'MongoPoolClearedError',
  'MongoServerClosedError',
]);

/** Mongoose's message when an operation waited for a connection longer than its buffer timeout. */
const BUFFERING_TIMED_OUT = /buffering timed out after/;

/** True when `error` (or an error it wraps) says the database is unreachable. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    if (UNAVAILABLE_ERROR_NAMES.has(current.name)) return true;
    if (current.name === 'MongooseError' && BUFFERING_TIMED_OUT.test(current.message)) return true;
    current = current.cause;
  }
  return false;
}
