#!/usr/bin/env node
import { clockForTimeScale } from '../clock.js';
import { CLI_VARIABLES, type CliConfig, flagName, parseCliConfig } from './cli-config.js';
import { createSandboxNetwork } from './sandbox-network.js';

/** `outreach-sandbox`: serves the sandbox network until SIGINT or SIGTERM. */
async function main(): Promise<void> {
  if (process.argv.includes('--help')) return printUsage();
  let config: CliConfig;
  try {
    config = parseCliConfig(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
    return;
  }
  const clock = clockForTimeScale(config.timeScale, config.clockEpoch);
  const sandbox = createSandboxNetwork({ ...config.settings, clock });
  const running = await sandbox.listen(config.port, config.host);
  console.log(
    JSON.stringify({
      msg: 'sandbox network listening',
      url: running.url,
      seed: config.settings.seed,
      timeScale: config.timeScale,
      now: clock().toISOString(),
    }),
  );

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(JSON.stringify({ msg: 'sandbox network stopping', signal }));
    void running.close().then(() => process.exit(0));
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

function printUsage(): void {
  console.log(
    'Usage: outreach-sandbox [--flag value]...\n\nEach setting is an environment variable or a flag:',
  );
  for (const name of CLI_VARIABLES) console.log(`  ${name.padEnd(30)} --${flagName(name)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
