import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { startRunnerProcess } from './runner-process.js';

/**
 * The runner process (started by `main.ts` once tracing is in place): configuration from the
 * environment, then passes until SIGINT or SIGTERM, which stop it gracefully (a second signal
 * during shutdown exits at once).
 */
export async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const logger = createLogger(config.LOG_LEVEL);
  const running = await startRunnerProcess(config, logger);
  let signalled = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (signalled) process.exit(1);
    signalled = true;
    logger.info({ signal }, 'shutdown requested');
    running.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}
