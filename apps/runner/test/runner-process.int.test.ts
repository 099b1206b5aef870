/**
 * De-risks the process entry: a runner configured from the environment connects to the database
 * and the network, executes due leads on its own loop, and shuts down gracefully.
 */
import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { clockFromConfig, startRunnerProcess } from '../src/runner-process.js';
import {
  allLeads,
  seedScenario,
  startWorld,
  step,
  type World,
  SIM_API_KEY,
} from './support/runner-harness.js';

let world: World;

async function eventually(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the runner process', () => {
  it('executes due leads on its own loop and stops gracefully', async () => {
    world = await startWorld({}, new Date().toISOString());
    const scenario = await seedScenario(world, {
      leads: 1,
      steps: [step('visit_profile')],
      settings: { workingHours: { start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] } },
    });
    const config = loadConfig({
      MONGODB_URI: testDatabaseUri(),
      UNIPILE_DSN: world.url,
      UNIPILE_API_KEY: SIM_API_KEY,
      POLL_INTERVAL_MS: '20',
      RUNNER_ID: 'process-under-test',
      LOG_LEVEL: 'silent',
    });

    const running = await startRunnerProcess(config, pino({ level: 'silent' }));
    await eventually(async () => (await allLeads(world, scenario))[0]?.status === 'completed', 10_000);
    await Promise.all([running.stop(), running.stop()]);

    expect(world.sandbox.state.log.list().map((action) => action.type)).toEqual(['profile_visit']);
  });
});

describe('clockFromConfig', () => {
  it('runs a scaled clock from the shared epoch, and real time without one', () => {
    const epoch = new Date(Date.now() - 1000).toISOString();
    const scaled = clockFromConfig({ TIME_SCALE: 1440, CLOCK_EPOCH: epoch });
    // One real second after the epoch is a whole day of scaled time.
    expect(scaled().getTime() - Date.parse(epoch)).toBeGreaterThanOrEqual(1440 * 1000);
    const real = clockFromConfig({ TIME_SCALE: 1, CLOCK_EPOCH: undefined });
    expect(Math.abs(real().getTime() - Date.now())).toBeLessThan(1000);
  });
});
