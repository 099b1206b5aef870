import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { startDispatcherProcess } from './process/dispatcher-process.js';

/**
 * The dispatcher process (started by `main.ts` once tracing is in place): configuration from the
 * environment, the dispatch loops until SIGTERM or SIGINT, which stop it gracefully.
 */
export async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }

  const logger = createLogger(config.LOG_LEVEL);
  logger.info(
    {
      concurrency: config.DISPATCHER_CONCURRENCY,
      perSubscriptionConcurrency: config.DISPATCHER_PER_SUBSCRIPTION_CONCURRENCY,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      webhookTargets: config.webhookTargets,
      timeScale: config.TIME_SCALE,
    },
    'dispatcher starting',
  );
  if (config.webhookTargets === 'any') {
    logger.warn('private, loopback and link-local webhook targets are allowed: for tests only');
  } else if (config.webhookTargets === 'loopback') {
    logger.warn('loopback webhook targets are allowed: for local runs only');
  }

  const running = await startDispatcherProcess(config, logger).catch((err: unknown) => {
    logger.fatal({ err }, 'dispatcher failed to start');
    process.exit(1);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'shutting down');
      running.stop().then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
