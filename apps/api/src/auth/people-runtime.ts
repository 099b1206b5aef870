import { randomBytes } from 'node:crypto';
import type { Db } from '@outreach/db';
import type { Logger } from 'pino';
import type { PeopleDeps } from '../app-deps.js';
import { createAuditTrail } from '../audit/audit-trail.js';
import { createAuth, type AuthSettings } from './better-auth.js';
import { createMailer } from './mailer.js';
import { createPeopleDirectory } from './people-directory.js';
import { createSessionReader } from './session-reader.js';
import { createSignInThrottle } from './sign-in-throttle.js';

export interface PeopleRuntimeOptions {
  db: Db;
  logger: Logger;
  realClock: () => Date;
  auth: AuthSettings;
  smtpUrl?: string | undefined;
  mailFrom: string;
}

/**
 * Builds authentication for the API: the library on the database of the data layer's connection,
 * the session reader, the directory of people, mail, and the audit of sign-ins and sign-outs.
 */
export function createPeopleRuntime(options: PeopleRuntimeOptions): PeopleDeps {
  const { db, logger, realClock } = options;
  const mailer = createMailer(options.smtpUrl, { from: options.mailFrom, logger });
  const audit = createAuditTrail(db, logger, realClock);
  const auth = createAuth({
    database: db.mongoDatabase(),
    settings: options.auth,
    mailer,
    throttle: createSignInThrottle(db.authFailures, realClock),
    logger,
    realClock,
    events: {
      signedIn: ({ userId, email, ip, userAgent }) =>
        void audit.recordForPerson(userId, {
          actor: { type: 'user', id: userId, label: email },
          action: 'auth.sign_in',
          outcome: 'succeeded',
          ip,
          userAgent,
        }),
      signInFailed: ({ email, ip, userAgent, reason }) =>
        void directory
          .byEmail(email)
          .catch(() => null)
          .then((person) =>
            audit.recordForPerson(person?.id ?? null, {
              actor: { type: 'anonymous', id: null, label: email },
              action: 'auth.sign_in_failed',
              outcome: 'refused',
              ip,
              userAgent,
              details: { reason },
            }),
          ),
      signedOut: ({ userId, ip, userAgent }) =>
        void audit.recordForPerson(userId, {
          actor: { type: 'user', id: userId, label: null },
          action: 'auth.sign_out',
          outcome: 'succeeded',
          ip,
          userAgent,
        }),
    },
  });
  const directory = createPeopleDirectory(auth);
  return {
    auth,
    directory,
    mailer,
    sessions: createSessionReader(auth, { maxAgeSeconds: options.auth.sessionMaxAgeSeconds, realClock }),
    origins: { publicUrl: options.auth.baseUrl, trusted: options.auth.trustedOrigins },
  };
}

/** Session settings of the deployment defaults (24 hours idle, 7 days at most, no open sign-up). */
export const DEFAULT_SESSION_SETTINGS = {
  trustedOrigins: [],
  sessionIdleSeconds: 86_400,
  sessionMaxAgeSeconds: 7 * 86_400,
  openSignUp: false,
} as const satisfies Omit<AuthSettings, 'secret'>;

/**
 * The runtime for tools that run the API in-process (the command line, benchmarks, the soak):
 * default settings, no mail, and a secret of their own, since nothing they make is signed for a
 * browser that another process would read.
 */
export function createToolPeopleRuntime(db: Db, logger: Logger, realClock: () => Date = () => new Date()) {
  return createPeopleRuntime({
    db,
    logger,
    realClock,
    auth: { secret: randomBytes(32).toString('base64url'), ...DEFAULT_SESSION_SETTINGS },
    mailFrom: 'Outreach <no-reply@outreach.invalid>',
  });
}

/**
 * While nobody has an account, a one-time setup link (valid one hour) is issued at every start
 * and logged: it is the only way to the first owner (no default account, no default password).
 */
export async function issueSetupLinkIfNeeded(
  db: Db,
  people: PeopleDeps,
  options: { baseUrl: string; logger: Logger; realClock: () => Date },
): Promise<string | null> {
  const { baseUrl, logger } = options;
  if (await people.directory.anyone()) return null;
  const token = await db.setupTokens.issue(60 * 60 * 1000, options.realClock());
  const setupUrl = `${baseUrl.replace(/\/$/, '')}/console/setup?token=${encodeURIComponent(token)}`;
  logger.warn(
    { setupUrl },
    `no one has an account yet: create the first owner within an hour at ${setupUrl} (single use; a new link is made at each start until then)`,
  );
  return setupUrl;
}
