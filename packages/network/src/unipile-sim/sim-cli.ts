#!/usr/bin/env node
import { clockForTimeScale } from '../clock.js';
import { flagName } from '../simulation/cli-config.js';
import { SIM_CLI_VARIABLES, type SimCliConfig, parseSimCliConfig } from './sim-cli-config.js';
import { createUnipileSimulator } from './unipile-simulator.js';

/** `outreach-unipile-sim`: serves the Unipile simulator until SIGINT or SIGTERM. */
async function main(): Promise<void> {
  if (process.argv.includes('--help')) return printUsage();
  let config: SimCliConfig;
  try {
    config = parseSimCliConfig(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
    return;
  }
  const clock = clockForTimeScale(config.timeScale, config.clockEpoch);
  const sim = createUnipileSimulator({ ...config.settings, ...config.sim, clock });
  const running = await sim.listen(config.port, config.host);
  console.log(
    JSON.stringify({
      msg: 'unipile simulator listening',
      dsn: running.url,
      webhookUrl: sim.settings.webhookUrl ?? null,
      seed: config.settings.seed,
      timeScale: config.timeScale,
      now: clock().toISOString(),
    }),
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(JSON.stringify({ msg: 'unipile simulator stopping', signal }));
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

function printUsage(): void {
  console.log(
    'Usage: outreach-unipile-sim [--flag value]...\n\nEach setting is an environment variable or a flag:',
  );
  for (const name of SIM_CLI_VARIABLES) console.log(`  ${name.padEnd(30)} --${flagName(name)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
