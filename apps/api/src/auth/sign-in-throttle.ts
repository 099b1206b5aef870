/**
 * Sign-in throttling (OWASP ASVS 5.0 6.3.1), in the database so every API instance shares it:
 * - per client address: after 5 failures within a minute, every sign-in from it is refused until
 *   the oldest of those leaves the minute (slows guessing from one place);
 * - per account: after 100 failures within an hour on one e-mail, sign-in to it is refused until
 *   the hour frees a place (slows guessing from many places, without locking the owner out for
 *   long: a successful sign-in of the owner clears the account's count).
 * Only failures count, so people who sign in successfully are never held back.
 */
import type { AuthFailureRepository } from '@outreach/db';

export interface ThrottleLimits {
  perIp: { failures: number; windowMs: number };
  perAccount: { failures: number; windowMs: number };
}

export const SIGN_IN_LIMITS: ThrottleLimits = {
  perIp: { failures: 5, windowMs: 60_000 },
  perAccount: { failures: 100, windowMs: 60 * 60_000 },
};

export interface ThrottleRefusal {
  message: string;
  retryAfterSeconds: number;
}

export interface SignInThrottle {
  /** A refusal when the address or the account is over its limit; null to go ahead. */
  check(input: { ip: string | null; email: string }): Promise<ThrottleRefusal | null>;
  failed(input: { ip: string | null; email: string }): Promise<void>;
  succeeded(input: { email: string }): Promise<void>;
}

const ipKey = (ip: string) => `ip:${ip}`;
const accountKey = (email: string) => `account:${email}`;

export function createSignInThrottle(
  failures: AuthFailureRepository,
  realClock: () => Date,
  limits: ThrottleLimits = SIGN_IN_LIMITS,
): SignInThrottle {
  const retention = Math.max(limits.perIp.windowMs, limits.perAccount.windowMs);

  async function over(key: string, limit: { failures: number; windowMs: number }, now: Date) {
    const since = new Date(now.getTime() - limit.windowMs);
    const count = await failures.countSince(key, since);
    if (count < limit.failures) return null;
    // The window frees a place when the failure that filled it (the limit-th newest) leaves it.
    const filling = await failures.nthNewestSince(key, since, limit.failures);
    const freesAt = (filling ?? now).getTime() + limit.windowMs;
    return Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
  }

  return {
    async check({ ip, email }) {
      const now = realClock();
      const ipWait = ip ? await over(ipKey(ip), limits.perIp, now) : null;
      if (ipWait !== null)
        return {
          message: `too many failed sign-ins from this address: try again in ${ipWait} s`,
          retryAfterSeconds: ipWait,
        };
      const accountWait = email ? await over(accountKey(email), limits.perAccount, now) : null;
      if (accountWait !== null)
        return {
          message: `too many failed sign-ins to this account: try again in ${accountWait} s`,
          retryAfterSeconds: accountWait,
        };
      return null;
    },
    async failed({ ip, email }) {
      const keys = [...(ip ? [ipKey(ip)] : []), ...(email ? [accountKey(email)] : [])];
      await failures.record(keys, realClock(), retention);
    },
    async succeeded({ email }) {
      if (email) await failures.clear(accountKey(email));
    },
  };
}
