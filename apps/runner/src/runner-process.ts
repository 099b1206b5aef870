import { asWorkspaceId, connectDbWhenReachable } from '@outreach/db';
import { budgetStoreOver, completionCacheOver, createLanguageModel } from '@outreach/llm';
import { clockForTimeScale, providerNetworkFromConfig, type Clock } from '@outreach/network';
import {
  createMetricsRegistry,
  observeMongoPool,
  serveMetrics,
  startMetricsServer,
} from '@outreach/telemetry';
import { stopTracing } from '@outreach/telemetry/tracing-preload';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import { createCallMeter, type ObservedCall } from './accounts/call-meter.js';
import { startHealthServer } from './health-server.js';
import { createBacklogReader } from './telemetry/backlog-gauges.js';
import { observedNetwork } from './telemetry/observed-network.js';
import { createRunnerMetrics } from './telemetry/runner-metrics.js';
import { createRunner } from './runner/runner.js';
import { createDbRunnerStore } from './store/db-runner.store.js';

export interface RunningRunner {
  /** Stops claiming, finishes or gives back in-flight steps before the deadline, closes the database. */
  stop(): Promise<void>;
}

/**
 * The clock the runner schedules with. With `TIME_SCALE` above 1, time runs faster than real time
 * from `CLOCK_EPOCH` (or the start) on; a sandbox given the same scale and epoch reads the same
 * time, so a demo day lasts `86400 / TIME_SCALE` seconds on both sides.
 */
export function clockFromConfig(config: Pick<Config, 'TIME_SCALE' | 'CLOCK_EPOCH'>): Clock {
  return clockForTimeScale(config.TIME_SCALE, config.CLOCK_EPOCH);
}

/** Connects to the database and the network and starts the runner's loop. */
export async function startRunnerProcess(config: Config, logger: Logger): Promise<RunningRunner> {
  const clock = clockFromConfig(config);
  // Started during an outage, it waits for the database as it would through a later one.
  const db = await connectDbWhenReachable(config.MONGODB_URI, {
    clock,
    onUnreachable: ({ error, attempt, retryInMs }) =>
      logger.warn({ err: error, attempt, retryInMs }, 'database not reachable at start; trying again'),
  });
  const store = createDbRunnerStore(db);
  // Metrics are kept only when something can read them (METRICS_PORT set).
  const registry = config.METRICS_PORT === undefined ? null : createMetricsRegistry();
  const metrics =
    registry === null
      ? undefined
      : createRunnerMetrics(
          registry,
          createBacklogReader({ db, clock, minIntervalMs: config.METRICS_REFRESH_MS }),
        );
  if (registry !== null) observeMongoPool(db.mongoDatabase().client, registry);
  // Every call the adapter makes is charged to its account's daily budget first (see call-meter).
  const callMeter = createCallMeter({
    store,
    clock,
    findAccount: (providerAccountId) => store.findAccountByProviderId(providerAccountId),
    ...(metrics ? { observe: (call: ObservedCall) => metrics.providerCalls.inc(call) } : {}),
  });
  const provider = providerNetworkFromConfig(config.provider, { clock, callMeter });
  if (provider === null)
    throw new Error('invalid configuration: UNIPILE_DSN and UNIPILE_API_KEY are required');
  const network = metrics ? observedNetwork(provider, metrics) : provider;
  // One model for the process: budgets and cached answers are shared with every runner through
  // the database.
  const languageModel = createLanguageModel(config.llm, {
    budgetStore: budgetStoreOver(db.modelUsage, asWorkspaceId),
    cache: completionCacheOver(db.modelAnswers, asWorkspaceId),
    clock,
    logger,
  });
  const runner = createRunner(
    {
      store,
      network,
      clock,
      logger,
      languageModel,
    },
    {
      runnerId: config.RUNNER_ID,
      concurrency: config.RUNNER_CONCURRENCY,
      // Leases are taken and compared in real time (`realClock`), whatever TIME_SCALE: LEASE_MS as is.
      leaseMs: config.LEASE_MS,
      providerTimeoutMs: config.provider.UNIPILE_TIMEOUT_MS,
      reconcilePollsPerDay: config.RECONCILE_POLLS_PER_DAY,
      screenerMinConfidence: config.llm.screenerMinConfidence,
    },
    metrics,
  );
  runner.start(config.POLL_INTERVAL_MS);
  // Metrics on the health server's port share its listener; on another port they get their own.
  const metricsShareHealth =
    registry !== null &&
    config.METRICS_PORT !== 0 &&
    config.METRICS_PORT === config.HEALTH_PORT &&
    config.METRICS_HOST === config.HEALTH_HOST;
  const health =
    config.HEALTH_PORT === undefined
      ? null
      : await startHealthServer(
          config.HEALTH_PORT,
          config.HEALTH_HOST,
          {
            async notReadyBecause() {
              const halted = runner.haltedBecause();
              if (halted !== null) return `provider credentials refused: ${halted}`;
              // A read of a workspace that cannot exist: it answers only when the database does.
              await db.workspaces.get(asWorkspaceId('ws_readiness_probe'));
              return null;
            },
          },
          metricsShareHealth && registry !== null ? serveMetrics(registry) : undefined,
        );
  const metricsServer =
    registry !== null && config.METRICS_PORT !== undefined && !metricsShareHealth
      ? await startMetricsServer(config.METRICS_PORT, config.METRICS_HOST, registry)
      : null;
  if (metricsServer)
    logger.info(
      { metricsPort: metricsServer.port, host: config.METRICS_HOST },
      `metrics on http://${config.METRICS_HOST}:${metricsServer.port}/metrics`,
    );
  logger.info(
    {
      runnerId: config.RUNNER_ID,
      concurrency: config.RUNNER_CONCURRENCY,
      timeScale: config.TIME_SCALE,
      model: languageModel?.model ?? null,
    },
    'runner started',
  );

  let stopped: Promise<void> | undefined;
  return {
    stop() {
      stopped ??= (async () => {
        logger.info('runner stopping');
        try {
          await runner.stop(config.SHUTDOWN_TIMEOUT_MS);
          // Budget units taken in a block and not spent go back, so the day's count is exact.
          await callMeter
            .releaseHeld()
            .catch((error: unknown) => logger.error({ err: error }, 'held call budget not given back'));
        } finally {
          await health?.close();
          await metricsServer?.close();
          await db.close();
          // The last steps' spans leave before the process does (a no-op without tracing).
          await stopTracing();
        }
        logger.info('runner stopped');
      })();
      return stopped;
    },
  };
}
