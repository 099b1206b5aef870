/**
 * De-risks a database outage under a running runner process: with the connection to the database
 * cut while it works (every pass failing, with several workers), the process keeps running, and
 * once the database is back it resumes by itself, executing leads added meanwhile.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import { describe, expect, it, onTestFinished } from 'vitest';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';
import {
  allLeads,
  seedScenario,
  startWorld,
  step,
  type World,
  SIM_API_KEY,
} from './support/runner-harness.js';

let world: World;
const allDay = { workingHours: { start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] } };

async function eventually(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not reached in time`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The runner's entry point in a process of its own, its log lines collected. */
function startRunnerProcess(env: Record<string, string>): { child: ChildProcess; log: string[] } {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/main.ts'], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      log.push(...lines);
    });
  }
  return { child, log };
}

/**
 * The runner process on the world's simulator, its database behind a TCP proxy (cut from the start
 * when `cut`); killed and the proxy closed when the test ends.
 */
async function startBehindProxy(options: {
  cut: boolean;
  serverSelectionTimeoutMS: number;
  env: Record<string, string>;
}): Promise<{
  proxy: TcpProxy;
  runner: ReturnType<typeof startRunnerProcess>;
  exited: Promise<number | null>;
}> {
  const database = new URL(testDatabaseUri());
  const proxy = await startTcpProxy({ host: database.hostname, port: Number(database.port) });
  if (options.cut) await proxy.cut();
  const proxied = new URL(database.href);
  proxied.port = String(proxy.port);
  proxied.searchParams.set('serverSelectionTimeoutMS', String(options.serverSelectionTimeoutMS));
  const runner = startRunnerProcess({
    MONGODB_URI: proxied.href,
    UNIPILE_DSN: world.url,
    UNIPILE_API_KEY: SIM_API_KEY,
    POLL_INTERVAL_MS: '50',
    ...options.env,
  });
  const exited = new Promise<number | null>((resolve) => runner.child.once('exit', resolve));
  onTestFinished(async () => {
    if (runner.child.exitCode === null) runner.child.kill('SIGKILL');
    await proxy.close();
  });
  return { proxy, runner, exited };
}

describe('a runner process whose database goes away', () => {
  it('keeps running through the outage and resumes its work once the database is back', async () => {
    world = await startWorld({}, new Date().toISOString());
    const scenario = await seedScenario(world, {
      leads: 4,
      accounts: 4,
      steps: [step('visit_profile')],
      settings: allDay,
    });
    // Every worker is inside a network call when the database goes: each call hangs, then fails.
    world.sandbox.state.faults.arm({ kind: 'timeout', operations: ['visitProfile'], count: 4, hangMs: 1500 });
    const { proxy, runner, exited } = await startBehindProxy({
      cut: false,
      serverSelectionTimeoutMS: 500,
      env: {
        RUNNER_CONCURRENCY: '4',
        // Short leases, so the leads come back soon after the outage; a lease holds two call
        // timeouts (the runner's rule), and a call outlasts the fault's 1.5 s hang.
        LEASE_MS: '4000',
        UNIPILE_TIMEOUT_MS: '2000',
        RUNNER_ID: 'outage-under-test',
        LOG_LEVEL: 'error',
      },
    });
    await eventually('four calls in flight', () => world.sandbox.state.faults.list().length === 0);

    await proxy.cut();
    const failed = () => runner.log.filter((line) => line.includes('pass failed')).length;
    await eventually('passes failing during the outage', () => {
      if (runner.child.exitCode !== null) throw new Error(`the runner exited with ${runner.child.exitCode}`);
      return failed() >= 3;
    });
    expect(runner.child.exitCode).toBeNull();

    await proxy.restore();
    await eventually('every lead done', async () =>
      (await allLeads(world, scenario)).every((lead) => lead.status === 'completed'),
    );
    const startedAfter = await seedScenario(world, {
      leads: 1,
      steps: [step('visit_profile')],
      settings: allDay,
    });
    await eventually(
      'the campaign started after the outage done',
      async () => (await allLeads(world, startedAfter))[0]?.status === 'completed',
    );

    expect(runner.child.exitCode).toBeNull();
    expect(runner.log.filter((line) => /unhandled/i.test(line))).toEqual([]);
    runner.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(
      world.sandbox.state.log
        .list()
        .map((action) => action.publicIdentifier)
        .sort(),
    ).toEqual(['lead-0', 'lead-0', 'lead-1', 'lead-2', 'lead-3']);
  });

  it('starts while the database is away, waits for it, and runs once it is back', async () => {
    world = await startWorld({}, new Date().toISOString());
    const scenario = await seedScenario(world, {
      leads: 1,
      steps: [step('visit_profile')],
      settings: allDay,
    });
    const { proxy, runner, exited } = await startBehindProxy({
      cut: true,
      serverSelectionTimeoutMS: 300,
      env: { RUNNER_ID: 'start-during-outage', LOG_LEVEL: 'warn' },
    });
    const tries = () => runner.log.filter((line) => line.includes('database not reachable at start')).length;
    await eventually('two tries to reach the database', () => {
      if (runner.child.exitCode !== null) throw new Error(`the runner exited with ${runner.child.exitCode}`);
      return tries() >= 2;
    });

    await proxy.restore();
    await eventually(
      'the lead done once the database is back',
      async () => (await allLeads(world, scenario))[0]?.status === 'completed',
    );
    runner.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(world.sandbox.state.log.list().map((action) => action.publicIdentifier)).toEqual(['lead-0']);
  });
});
