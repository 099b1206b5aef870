/** The header of every POST (and bodied DELETE) that makes a retried request take effect once. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * A fresh key for one logical operation: send the same key with every retry of that operation
 * (after a timeout or a dropped connection), and a new key for the next operation.
 */
export function newIdempotencyKey(): string {
  // Web Crypto, so the client works in browsers as in Node.js.
  return globalThis.crypto.randomUUID();
}
