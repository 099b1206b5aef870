import type { AddressInfo } from 'node:net';
import { connectDb, type ConnectDbOptions, type Db } from '@outreach/db';
import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import type { Logger } from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { createApp } from '../../src/app.js';
import type { AuthSettings } from '../../src/auth/better-auth.js';
import { createPeopleRuntime } from '../../src/auth/people-runtime.js';
import type { AppSettings, ProviderSettings } from '../../src/app-deps.js';
import { databasePing } from '../../src/database-ping.js';
import { createHttpServer, type HttpServerOptions } from '../../src/http/http-server.js';
import { createLogger } from '../../src/logger.js';
import { ApiClient } from './api-client.js';

export interface TestApp {
  db: Db;
  baseUrl: string;
  /** A client without a key; use `workspace()` for an authenticated one. */
  anonymous: ApiClient;
  close(): Promise<void>;
}

export interface TestAppOptions extends Partial<AppSettings>, Partial<HttpServerOptions> {
  /** Campaign time; real time by default. A compressed clock mimics `pnpm start`. */
  clock?: () => Date;
  /** HTTP time; real time by default. */
  realClock?: () => Date;
  /** The data layer's clock (creation and change times of records); real time by default. */
  dbClock?: () => Date;
  /** Replaces what the app sees as the database (to inject failures). */
  wrapDb?: (db: Db) => Db;
  pingDatabase?: () => Promise<void>;
  /** Provider webhooks and hosted-auth connections (`publicUrl` is filled in with the app's URL). */
  provider?: Omit<ProviderSettings, 'publicUrl'> & { publicUrl?: string };
  /** Where the app's database is (a proxy in front of this file's database, to cut it). */
  databaseUri?: string;
  driverOptions?: ConnectDbOptions['driverOptions'];
  /** The app's logger; silent by default. */
  logger?: Logger;
  /** Built console files to serve at /console. */
  consoleDir?: string;
  /** Authentication settings beyond the defaults (a test secret, 24 h idle, 7 days at most). */
  auth?: Partial<AuthSettings>;
  /** An SMTP server for invitation mail. */
  smtpUrl?: string;
}

/** Signs test session cookies; fixed so a test can restart the app and keep its sessions. */
export const TEST_AUTH_SECRET = 'test-secret-of-the-api-test-suite-0123456789';

/**
 * The real app on 127.0.0.1 (a free port) over this test file's own database. One per test file:
 * start it in `beforeAll` and close it in `afterAll` (`useTestApp` does both).
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = await connectDb(options.databaseUri ?? testDatabaseUri(), {
    ...(options.dbClock ? { clock: options.dbClock } : {}),
    ...(options.driverOptions ? { driverOptions: options.driverOptions } : {}),
  });
  // The provider calls back on the app's own address, known once it listens.
  const provider = options.provider ? { publicUrl: '', ...options.provider } : undefined;
  const appDb = options.wrapDb ? options.wrapDb(db) : db;
  const realClock = options.realClock ?? (() => new Date());
  const people = createPeopleRuntime({
    db: appDb,
    logger: options.logger ?? createLogger('silent'),
    realClock,
    auth: {
      secret: TEST_AUTH_SECRET,
      trustedOrigins: [],
      sessionIdleSeconds: 86_400,
      sessionMaxAgeSeconds: 7 * 86_400,
      openSignUp: false,
      ...options.auth,
    },
    smtpUrl: options.smtpUrl,
    mailFrom: 'Outreach tests <tests@outreach.invalid>',
  });
  const app = createApp({
    db: appDb,
    people,
    logger: options.logger ?? createLogger('silent'),
    productClock: options.clock ?? (() => new Date()),
    realClock,
    settings: {
      // High enough that no ordinary test is throttled; the rate-limit test uses its own app.
      rateLimitPerMinute: options.rateLimitPerMinute ?? 100_000,
      apiKeyCacheMs: options.apiKeyCacheMs ?? 0,
      webhookTargets: options.webhookTargets ?? 'public',
      ...(options.demoKeyFile !== undefined ? { demoKeyFile: options.demoKeyFile } : {}),
      ...(options.loadShedding ? { loadShedding: options.loadShedding } : {}),
    },
    pingDatabase: options.pingDatabase ?? databasePing(db),
    ...(provider ? { provider } : {}),
    ...(options.consoleDir ? { consoleDir: options.consoleDir } : {}),
  });
  const server = createHttpServer(app, {
    requestTimeoutMs: options.requestTimeoutMs ?? 10_000,
    headersTimeoutMs: options.headersTimeoutMs ?? 5_000,
  });
  server.listen(0, '127.0.0.1');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  if (provider && provider.publicUrl === '') provider.publicUrl = baseUrl;
  return {
    db,
    baseUrl,
    anonymous: new ApiClient(baseUrl, ''),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

/**
 * The app for the enclosing test file or `describe` block: started before its tests, closed after
 * them. The object is filled in when the app has started, so read it inside hooks and tests only.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  const app = {} as TestApp;
  beforeAll(async () => {
    Object.assign(app, await startTestApp(options));
  });
  afterAll(() => app.close());
  return app;
}
