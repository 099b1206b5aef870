/**
 * The API process (started by `server.ts` once tracing is in place): reads its configuration from
 * the environment, connects to MongoDB, listens, and on SIGTERM or SIGINT stops accepting
 * connections, lets in-flight requests finish within the deadline, flushes the last spans and
 * closes the database.
 */
import { connectDbWhenReachable } from '@outreach/db';
import { createMetricsRegistry, observeMongoPool, startMetricsServer } from '@outreach/telemetry';
import { stopTracing } from '@outreach/telemetry/tracing-preload';
import { clockForTimeScale, providerNetworkFromConfig, systemClock } from '@outreach/network';
import { randomBytes } from 'node:crypto';
import { createApp } from './app.js';
import { createPeopleRuntime, issueSetupLinkIfNeeded } from './auth/people-runtime.js';
import type { ProviderSettings } from './app-deps.js';
import { loadConfig } from './config.js';
import { databasePing } from './database-ping.js';
import { createShutdown } from './http/graceful-shutdown.js';
import { createHttpServer } from './http/http-server.js';
import { createLogger } from './logger.js';
import { createApiMetrics } from './metrics/api-metrics.js';

export async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.LOG_LEVEL);
  // Campaign time, compressed in a demo; HTTP time (idempotency, rate limits, timeouts, signed
  // links) follows `realClock`, never this one.
  const productClock = clockForTimeScale(config.TIME_SCALE, config.CLOCK_EPOCH);
  // Started during an outage, it waits for the database (and listens once it answers).
  const db = await connectDbWhenReachable(config.MONGODB_URI, {
    clock: productClock,
    // An outage answers 503 after this long instead of holding requests for the driver's 30 s.
    driverOptions: { serverSelectionTimeoutMS: config.DATABASE_TIMEOUT_MS },
    onUnreachable: ({ error, attempt, retryInMs }) =>
      logger.warn({ err: error, attempt, retryInMs }, 'database not reachable at start; trying again'),
  });
  const providerSettings: ProviderSettings = {
    webhookSecret: config.provider.UNIPILE_WEBHOOK_SECRET ?? '',
    webhookSecretHeader: config.provider.UNIPILE_WEBHOOK_SECRET_HEADER,
    network: providerNetworkFromConfig(config.provider, { clock: productClock }),
    // Filled in once the port is known when PUBLIC_URL is not set (local runs).
    publicUrl: config.PUBLIC_URL ?? '',
    simulatorUrl: config.provider.NETWORK_PROVIDER === 'sandbox' ? config.provider.UNIPILE_DSN : undefined,
  };
  let shuttingDown = (): boolean => false;
  const authSecret = config.AUTH_SECRET ?? randomBytes(32).toString('base64url');
  if (!config.AUTH_SECRET)
    logger.warn(
      'AUTH_SECRET is not set: a random one is used, so sessions end at every restart and are not shared between API instances',
    );
  const people = createPeopleRuntime({
    db,
    logger,
    realClock: systemClock,
    auth: {
      secret: authSecret,
      baseUrl: config.PUBLIC_URL,
      trustedOrigins: config.TRUSTED_ORIGINS,
      sessionIdleSeconds: config.SESSION_IDLE_TIMEOUT_SECONDS,
      sessionMaxAgeSeconds: config.SESSION_MAX_AGE_SECONDS,
      openSignUp: config.OPEN_SIGNUP,
    },
    smtpUrl: config.SMTP_URL,
    mailFrom: config.MAIL_FROM,
  });
  // Metrics are kept only when something can read them: their own port, or a token for this one.
  const metricsOn = config.METRICS_PORT !== undefined || config.METRICS_TOKEN !== undefined;
  const registry = metricsOn ? createMetricsRegistry() : null;
  if (registry) observeMongoPool(db.mongoDatabase().client, registry);
  const app = createApp({
    people,
    db,
    logger,
    productClock,
    realClock: systemClock,
    settings: {
      rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
      apiKeyCacheMs: config.API_KEY_CACHE_MS,
      webhookTargets: config.webhookTargets,
      demoKeyFile: config.DEMO_KEY_FILE,
      loadShedding: {
        maxInFlight: config.API_MAX_IN_FLIGHT,
        maxQueue: config.API_MAX_QUEUE,
        maxQueueWaitMs: config.API_MAX_QUEUE_WAIT_MS,
        maxEventLoopDelayMs: config.API_MAX_EVENT_LOOP_DELAY_MS,
      },
    },
    pingDatabase: databasePing(db),
    isShuttingDown: () => shuttingDown(),
    provider: providerSettings,
    consoleDir: config.CONSOLE_DIR,
    metrics: registry ? { api: createApiMetrics(registry), token: config.METRICS_TOKEN } : undefined,
  });
  const server = createHttpServer(app, {
    requestTimeoutMs: config.REQUEST_TIMEOUT_MS,
    headersTimeoutMs: config.HEADERS_TIMEOUT_MS,
    logger,
  });
  server.listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.PORT;
  logger.info({ port, host: config.HOST }, `api listening on http://${config.HOST}:${port}`);
  if (providerSettings.publicUrl === '') providerSettings.publicUrl = `http://127.0.0.1:${port}`;
  const metricsServer =
    registry && config.METRICS_PORT !== undefined
      ? await startMetricsServer(config.METRICS_PORT, config.METRICS_HOST, registry)
      : null;
  if (metricsServer)
    logger.info(
      { metricsPort: metricsServer.port, host: config.METRICS_HOST },
      `metrics on http://${config.METRICS_HOST}:${metricsServer.port}/metrics`,
    );

  const { shutdown, isShuttingDown } = createShutdown({
    server,
    deadlineMs: config.SHUTDOWN_DEADLINE_MS,
    afterClose: async () => {
      await metricsServer?.close();
      await db.close();
      // The last requests' spans leave before the process does (a no-op without tracing).
      await stopTracing();
    },
    log: (message, fields) => logger.info(fields ?? {}, message),
  });
  shuttingDown = isShuttingDown;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'signal received');
      shutdown().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  // After the signal handlers: a stop requested meanwhile is a clean shutdown, not a kill; and a
  // link not issued (the database closed by that stop) is no reason to fail the process.
  await issueSetupLinkIfNeeded(db, people, {
    baseUrl: config.PUBLIC_URL ?? `http://${config.HOST}:${port}`,
    logger,
    realClock: systemClock,
  }).catch((error: unknown) => {
    if (!isShuttingDown())
      logger.error({ err: error }, 'could not issue the setup link; restart to try again');
  });
}
