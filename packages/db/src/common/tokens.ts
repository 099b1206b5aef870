import { createHash, randomBytes } from 'node:crypto';

/**
 * A fresh secret for a link (an invitation, the first-user setup): 32 random bytes, base64url.
 * It is handed to the caller once; only `hashToken` of it is stored, so a database read never
 * yields a usable link.
 */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How a link's token is stored and looked up: SHA-256, hex (a token has full entropy, no salt needed). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
