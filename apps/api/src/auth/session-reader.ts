import { fromNodeHeaders } from 'better-auth/node';
import type { Request } from 'express';
import type { Auth } from './better-auth.js';
import type { UserPrincipal } from './principal.js';

export interface SessionRead {
  principal: UserPrincipal | null;
  /**
   * `Set-Cookie` values to pass on: when a request slides the idle timeout, the cookie's own
   * lifetime moves with it, else the browser would drop it a day after sign-in however busy.
   */
  setCookies: string[];
}

export interface SessionReader {
  /** The person of the request's session cookie, or null (none, ended, expired, disabled). */
  read(req: Request): Promise<SessionRead>;
}

/**
 * Reads the session from the database on every request (no cookie cache). The library ends a
 * session left unused past the idle timeout; the absolute lifetime (ASVS 7.3.2) is checked here,
 * and a session past it is deleted, so it cannot be revived by use.
 */
export function createSessionReader(
  auth: Auth,
  options: { maxAgeSeconds: number; realClock: () => Date },
): SessionReader {
  return {
    async read(req) {
      const none: SessionRead = { principal: null, setCookies: [] };
      if (typeof req.headers.cookie !== 'string') return none;
      const { headers, response: found } = await auth.api.getSession({
        headers: fromNodeHeaders(req.headers),
        query: { disableCookieCache: true },
        returnHeaders: true,
      });
      if (!found) return none;
      const { session, user } = found;
      const ageMs = options.realClock().getTime() - new Date(session.createdAt).getTime();
      const disabled = (user as { disabledAt?: Date | null }).disabledAt;
      if (ageMs > options.maxAgeSeconds * 1000 || disabled) {
        const context = await auth.$context;
        await context.internalAdapter.deleteSession(session.token);
        return none;
      }
      return {
        principal: {
          kind: 'user',
          userId: user.id,
          email: user.email,
          name: user.name,
          sessionId: session.id,
          sessionToken: session.token,
        },
        setCookies: headers.getSetCookie(),
      };
    },
  };
}
