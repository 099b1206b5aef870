#!/usr/bin/env node
import { startMongo } from './start-mongo.js';
import { parseCliArgs, USAGE } from './cli-args.js';

/** Resolves with the first SIGINT or SIGTERM; listening replaces Node's default of exiting at once. */
function firstStopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
}

/**
 * `outreach-mongo` (root script `pnpm db`): starts the chosen backend, prints the connection URI
 * as the only line on stdout (the backend description goes to stderr), and stops cleanly on
 * SIGINT or SIGTERM. Signal handlers are installed before anything starts, so a signal that
 * arrives early still leads to a clean stop.
 */
async function main(): Promise<void> {
  const options = parseCliArgs(process.argv.slice(2));
  if (options.help) {
    console.log(USAGE);
    return;
  }
  const stopSignal = firstStopSignal();
  const mongo = await startMongo({
    port: options.port,
    ...(options.backend === undefined ? {} : { backend: options.backend }),
    ...(options.dataDir === undefined ? {} : { dataDir: options.dataDir }),
    log: (line) => console.error(line),
  });
  console.log(mongo.uri);
  const signal = await stopSignal;
  console.error(`outreach-mongo: ${signal} received, stopping`);
  await mongo.stop();
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error(`outreach-mongo: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
