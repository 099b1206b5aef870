import { createHash, timingSafeEqual } from 'node:crypto';

/** The header Unipile webhooks carry the shared secret in (set as a custom header on each webhook). */
export const DEFAULT_WEBHOOK_SECRET_HEADER = 'x-webhook-secret';

/**
 * Compares a presented secret with the expected one in constant time. Both are hashed first, so
 * neither the content nor the length of the expected secret leaks through the time taken.
 */
export function secretMatches(presented: string | undefined, expected: string): boolean {
  if (presented === undefined || expected === '') return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}
