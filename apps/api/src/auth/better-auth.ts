import { mongodbAdapter } from '@better-auth/mongo-adapter';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { mongo } from 'mongoose';
import type { Logger } from 'pino';
import { CLIENT_IP_HEADER } from './client-ip.js';
import type { Mailer } from './mailer.js';
import { hashPassword, verifyPassword } from './password-hashing.js';
import { checkPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password-policy.js';
import type { SignInThrottle } from './sign-in-throttle.js';

/** Where the authentication routes are mounted: better-auth's own default. */
export const AUTH_BASE_PATH = '/api/auth';

/** The session cookie's name without a prefix; over HTTPS it is `__Host-` prefixed. */
export const SESSION_COOKIE = 'outreach.session_token';

export interface AuthSettings {
  /** Signs the session cookie; the same on every API instance (32+ characters). */
  secret: string;
  /** The API's public origin, when known; https makes the cookie Secure and `__Host-` prefixed. */
  baseUrl?: string | undefined;
  /** Other origins a signed-in browser may call from (a console served elsewhere). */
  trustedOrigins: readonly string[];
  /** A session unused this long ends (ASVS 7.3.1; 24 hours by default). */
  sessionIdleSeconds: number;
  /** A session ends this long after sign-in whatever its use (ASVS 7.3.2; 7 days by default). */
  sessionMaxAgeSeconds: number;
  /** Anyone may sign up through the library's route; off: people join by invitation only. */
  openSignUp: boolean;
}

/** What the authentication hooks tell the rest of the API (the audit log). */
export interface AuthEvents {
  signedIn(input: { userId: string; email: string; ip: string | null; userAgent: string | null }): void;
  signInFailed(input: { email: string; ip: string | null; userAgent: string | null; reason: string }): void;
  signedOut(input: { userId: string; ip: string | null; userAgent: string | null }): void;
}

export interface AuthDeps {
  /** The database of the mongoose connection: one driver, one pool. */
  database: mongo.Db;
  settings: AuthSettings;
  mailer: Mailer;
  throttle: SignInThrottle;
  events: AuthEvents;
  logger: Logger;
  /** HTTP time (the real clock). */
  realClock: () => Date;
}

/** True when the session cookie must be Secure and `__Host-` prefixed. */
export function servesHttps(settings: AuthSettings): boolean {
  return settings.baseUrl?.startsWith('https://') ?? false;
}

/** The session cookie's name as browsers hold it. */
export function sessionCookieName(settings: AuthSettings): string {
  return servesHttps(settings) ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

function headerOf(headers: Headers | undefined, name: string): string | null {
  const value = headers?.get(name);
  return value === undefined || value === null || value === '' ? null : value;
}

/**
 * The authentication library, configured for this service: e-mail and password only, Argon2id,
 * no open sign-up, sessions that end idle and at an absolute age, sign-in throttled per address
 * and per account in the database, and every sign-in, failure and sign-out reported for the audit
 * log. Routes that would weaken that are switched off (the session list carries tokens; ours,
 * `GET /v1/sessions`, does not).
 */
export function createAuth(deps: AuthDeps) {
  const { settings, throttle, events } = deps;
  const secure = servesHttps(settings);
  const updateAgeSeconds = Math.max(60, Math.min(3600, Math.floor(settings.sessionIdleSeconds / 24)));
  const disabledPaths = ['/list-sessions', '/update-session', '/change-email', '/delete-user'];
  if (!settings.openSignUp) disabledPaths.push('/sign-up/email');
  if (!deps.mailer.configured) disabledPaths.push('/request-password-reset');

  const clientOf = (headers: Headers | undefined) => ({
    ip: headerOf(headers, CLIENT_IP_HEADER),
    userAgent: headerOf(headers, 'user-agent'),
  });

  return betterAuth({
    appName: 'Outreach',
    basePath: AUTH_BASE_PATH,
    ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
    secret: settings.secret,
    trustedOrigins: [...settings.trustedOrigins],
    database: mongodbAdapter(deps.database, { transaction: false }),
    telemetry: { enabled: false },
    // Unexpected failures reach the API's error handler (see `authRoutes`), in the API's shape.
    onAPIError: { throw: true },
    disabledPaths,
    emailAndPassword: {
      enabled: true,
      disableSignUp: !settings.openSignUp,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      autoSignIn: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 30 * 60,
      password: { hash: hashPassword, verify: verifyPassword },
      sendResetPassword: async ({ user, url }) => {
        await deps.mailer.send({
          to: user.email,
          subject: 'Set a new password',
          text: `Someone asked to set a new password for ${user.email}. The link works once, for 30 minutes:\n\n${url}\n\nIf it was not you, ignore this message.`,
        });
      },
    },
    session: {
      expiresIn: settings.sessionIdleSeconds,
      updateAge: updateAgeSeconds,
      // Every request reads the session from the database: an ended session, a removal or a role
      // change takes effect at once (ASVS 7.4.1), so no signed cookie cache.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 300,
      // Sign-in has its own throttle below: it counts failures only (successes are never held back).
      customRules: { '/sign-in/email': false },
    },
    advanced: {
      useSecureCookies: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      cookies: {
        session_token: {
          name: secure ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE,
          attributes: { secure, httpOnly: true, sameSite: 'lax', path: '/' },
        },
      },
      defaultCookieAttributes: { secure, httpOnly: true, sameSite: 'lax', path: '/' },
    },
    user: {
      additionalFields: {
        disabledAt: { type: 'date', required: false, input: false },
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A disabled person gets no session, whatever the route that would make one.
          before: async (session, ctx) => {
            const user = await ctx?.context.internalAdapter.findUserById(session.userId);
            if (user && (user as { disabledAt?: Date | null }).disabledAt) return false;
            return { data: session };
          },
        },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/get-session') {
          // The library slides a used session's expiry; the absolute lifetime (ASVS 7.3.2) is ours,
          // held here as on every /v1 request: a session past it is deleted before it is read.
          const found = await getSessionFromCtx(ctx, { disableRefresh: true }).catch(() => null);
          const age = found ? deps.realClock().getTime() - new Date(found.session.createdAt).getTime() : 0;
          if (found && age > settings.sessionMaxAgeSeconds * 1000)
            await ctx.context.internalAdapter.deleteSession(found.session.token);
        }
        if (ctx.path === '/sign-out') {
          // Reported before the session is deleted: afterwards nothing says whose it was.
          const session = await getSessionFromCtx(ctx).catch(() => null);
          if (session) events.signedOut({ userId: session.user.id, ...clientOf(ctx.headers) });
        }
        if (ctx.path === '/sign-in/email') {
          const email = typeof ctx.body?.email === 'string' ? ctx.body.email.trim().toLowerCase() : '';
          const refusal = await throttle.check({ ip: clientOf(ctx.headers).ip, email });
          if (refusal) {
            throw new APIError(
              'TOO_MANY_REQUESTS',
              { message: refusal.message, code: 'too_many_sign_in_failures' },
              { 'Retry-After': String(refusal.retryAfterSeconds) },
            );
          }
        }
        if (
          (ctx.path === '/reset-password' || ctx.path === '/change-password') &&
          typeof ctx.body?.newPassword === 'string'
        ) {
          const verdict = checkPassword(ctx.body.newPassword, {});
          if (!verdict.ok)
            throw new APIError('BAD_REQUEST', { message: verdict.message, code: verdict.code });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        const client = clientOf(ctx.headers);
        if (ctx.path === '/sign-in/email') {
          const email = typeof ctx.body?.email === 'string' ? ctx.body.email.trim().toLowerCase() : '';
          const session = ctx.context.newSession;
          if (session) {
            await throttle.succeeded({ email });
            events.signedIn({ userId: session.user.id, email: session.user.email, ...client });
          } else {
            const returned: unknown = ctx.context.returned;
            const throttled = returned instanceof APIError && returned.statusCode === 429;
            if (!throttled) await throttle.failed({ ip: client.ip, email });
            events.signInFailed({
              email,
              ...client,
              reason: throttled ? 'throttled' : 'invalid_credentials',
            });
          }
        }
      }),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
