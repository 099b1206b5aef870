import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { connectDbWhenReachable } from '@outreach/db';
import { clockForTimeScale, systemClock } from '@outreach/network';
import { createMetricsRegistry, observeMongoPool, startMetricsServer } from '@outreach/telemetry';
import { stopTracing } from '@outreach/telemetry/tracing-preload';
import type { Logger } from 'pino';
import { DbDispatchStore } from '../adapters/db-dispatch-store.adapter.js';
import type { Config } from '../config.js';
import { HttpSender } from '../delivery/http-sender.js';
import { Dispatcher } from '../dispatch/dispatcher.js';
import { createDispatcherMetrics } from '../telemetry/dispatcher-metrics.js';

export interface DispatcherProcess {
  /** Names this process in leases. */
  readonly owner: string;
  /**
   * The one shutdown path: stop claiming, let deliveries in flight finish until the grace period
   * ends (then hand them back), close idle connections and the database. Idempotent.
   */
  stop(): Promise<void>;
}

/** Connects to MongoDB (building indexes if missing) and starts the dispatch loop. */
export async function startDispatcherProcess(config: Config, logger: Logger): Promise<DispatcherProcess> {
  // The schedule runs on the same (possibly compressed) product clock as the processes that write
  // events; the signature's timestamp (HTTP time) follows the real clock.
  const productClock = clockForTimeScale(config.TIME_SCALE, config.CLOCK_EPOCH);
  // Leases are stored and compared on the product clock (like due times, in one claim), but must
  // outlast real work: DISPATCHER_LEASE_MS real milliseconds, converted where it crosses over.
  const leaseOnProductClockMs = config.DISPATCHER_LEASE_MS * config.TIME_SCALE;
  // Started during an outage, it waits for the database as it would through a later one.
  const db = await connectDbWhenReachable(config.MONGODB_URI, {
    clock: productClock,
    driverOptions: { serverSelectionTimeoutMS: config.DATABASE_TIMEOUT_MS },
    onUnreachable: ({ error, attempt, retryInMs }) =>
      logger.warn({ err: error, attempt, retryInMs }, 'database not reachable at start; trying again'),
  });
  const sender = new HttpSender({
    timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    targets: config.webhookTargets,
  });
  const owner = `dispatcher:${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  // Metrics are kept only when something can read them (METRICS_PORT set).
  const registry = config.METRICS_PORT === undefined ? null : createMetricsRegistry();
  let running: Dispatcher | null = null;
  const metrics =
    registry === null
      ? undefined
      : createDispatcherMetrics(registry, {
          db,
          clock: productClock,
          state: () => running,
          refreshMs: config.METRICS_REFRESH_MS,
        });
  if (registry !== null) observeMongoPool(db.mongoDatabase().client, registry);
  const dispatcher = new Dispatcher(
    {
      store: new DbDispatchStore(db),
      sender,
      clock: productClock,
      realClock: systemClock,
      timeScale: config.TIME_SCALE,
      random: Math.random,
      logger,
    },
    {
      owner,
      concurrency: config.DISPATCHER_CONCURRENCY,
      perSubscriptionConcurrency: config.DISPATCHER_PER_SUBSCRIPTION_CONCURRENCY,
      pollIntervalMs: config.DISPATCHER_POLL_INTERVAL_MS,
      leaseMs: leaseOnProductClockMs,
      requestTimeoutMs: config.WEBHOOK_TIMEOUT_MS,
    },
    metrics,
  );
  running = dispatcher;
  dispatcher.start();
  const metricsServer =
    registry !== null && config.METRICS_PORT !== undefined
      ? await startMetricsServer(config.METRICS_PORT, config.METRICS_HOST, registry)
      : null;
  if (metricsServer)
    logger.info(
      { metricsPort: metricsServer.port, host: config.METRICS_HOST },
      `metrics on http://${config.METRICS_HOST}:${metricsServer.port}/metrics`,
    );

  let stopping: Promise<void> | null = null;
  const stop = async (): Promise<void> => {
    await dispatcher.stop(config.DISPATCHER_SHUTDOWN_GRACE_MS);
    sender.close();
    await metricsServer?.close();
    await db.close();
    // The last deliveries' spans leave before the process does (a no-op without tracing).
    await stopTracing();
    logger.info({ owner }, 'dispatcher stopped');
  };
  return {
    owner,
    stop: () => (stopping ??= stop()),
  };
}
