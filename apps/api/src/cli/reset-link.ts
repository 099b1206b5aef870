import { randomBytes } from 'node:crypto';
import type { Db } from '@outreach/db';
import { createToolPeopleRuntime } from '../auth/people-runtime.js';
import { createLogger } from '../logger.js';

/** A reset link works this long (30 minutes), once. */
export const RESET_LINK_TTL_MS = 30 * 60 * 1000;

/**
 * A link to set a new password, for an operator to pass on (no mail server needed). The token is
 * the authentication library's own reset token, stored the way its `/reset-password` route reads
 * it (single use, expiring), so the console's page hands it straight to that route; the route
 * ends every session of the person once the password is set.
 */
export async function resetLink(
  db: Db,
  email: string,
  options: { baseUrl: string; now: Date },
): Promise<{ url: string; expiresAt: Date } | null> {
  const people = createToolPeopleRuntime(db, createLogger('silent'), () => options.now);
  const person = await people.directory.byEmail(email);
  if (!person) return null;
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(options.now.getTime() + RESET_LINK_TTL_MS);
  const context = await people.auth.$context;
  await context.internalAdapter.createVerificationValue({
    identifier: `reset-password:${token}`,
    value: person.id,
    expiresAt,
  });
  const base = options.baseUrl.replace(/\/$/, '');
  return { url: `${base}/console/reset-password?token=${encodeURIComponent(token)}`, expiresAt };
}
