import type { Db } from '@outreach/db';
import { createToolPeopleRuntime } from '../auth/people-runtime.js';
import { createLogger } from '../logger.js';

/**
 * Disables a person (a departed colleague, a lost account) or enables them again. Disabled, they
 * get no new session (the library's session hook refuses it) and every session they hold ends
 * now, so their very next request is answered 401. Their memberships are kept, so enabling them
 * gives back what they had.
 */
export async function setPersonDisabled(
  db: Db,
  email: string,
  disabled: boolean,
  now: Date,
): Promise<{ userId: string } | null> {
  const people = createToolPeopleRuntime(db, createLogger('silent'), () => now);
  const person = await people.directory.byEmail(email);
  if (!person) return null;
  const context = await people.auth.$context;
  await context.internalAdapter.updateUser(person.id, { disabledAt: disabled ? now : null });
  if (disabled) await people.directory.endAllSessions(person.id);
  return { userId: person.id };
}
