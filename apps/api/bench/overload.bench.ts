/**
 * Overload: what the API does when asked for twice what it can serve. The API runs as deployed
 * (its own process, `src/server.ts`, request logs on) over a database in a process of its own; the
 * load comes from this process, open-loop (undici, `open-loop.ts`), on a representative read,
 * `GET /v1/campaigns` (API key lookup, rate-limit count, a page of 20 campaigns with their figures).
 *
 * 1. Capacity: the rate is raised step by step (shedding off) while 95 % of the answers come within
 *    200 ms and all succeed; the last such rate before two steps in a row that miss is the capacity. Requests in flight at that rate
 *    (Little's law: rate x mean latency) is what `API_MAX_IN_FLIGHT` should allow.
 * 2. Twice the capacity for 30 s, with load shedding as configured (the defaults of `src/config.ts`
 *    unless `API_MAX_*` are set), then the same without it: the share of requests answered within
 *    1 s, the 503s, and any other 5xx (there must be none).
 *
 *   pnpm --filter @outreach/api bench:overload   (BENCH_OVERLOAD_SECONDS, BENCH_STEP_SECONDS;
 *   BENCH_CAPACITY=<req/s> skips the search; API_MAX_* set the shedding of the first overload run)
 *
 * Exits 1 when the run with shedding answered any 5xx other than 503. Without MONGODB_URI the
 * database is the test kit's emulator (its own process): on it the database, not the API, may
 * set the capacity.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { connectDb } from '@outreach/db';
import { startDatabaseProcess } from './database-process.js';
import { runOpenLoop, summarize, type LoadTarget, type Summary } from './open-loop.js';

const env = process.env;
const OVERLOAD_MS = Number(env['BENCH_OVERLOAD_SECONDS'] ?? 30) * 1000;
const STEP_MS = Number(env['BENCH_STEP_SECONDS'] ?? 5) * 1000;
const RATES = [25, 50, 75, 100, 150, 200, 250, 300, 400, 500, 650, 800, 1000, 1300, 1600, 2000];
const LATENCY_TARGET_MS = 200;
const ANSWERED_WITHIN_MS = 1_000;
const CLIENT_TIMEOUT_MS = 10_000;
const CAMPAIGNS = 20;
const packageDir = fileURLToPath(new URL('..', import.meta.url));

/** Shedding as good as off: every request is taken. */
const NO_SHEDDING = {
  API_MAX_IN_FLIGHT: '10000',
  API_MAX_QUEUE: '100000',
  API_MAX_EVENT_LOOP_DELAY_MS: '0',
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startApi(
  mongoUri: string,
  extra: Record<string, string>,
): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'src/server.ts'], {
    cwd: packageDir,
    env: {
      ...env,
      MONGODB_URI: mongoUri,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'info',
      AUTH_SECRET: 'bench-secret-of-the-overload-bench-0123456789',
      // The count is kept (one write per request, as in production); the limit is out of reach.
      RATE_LIMIT_PER_MINUTE: '1000000000',
      ...extra,
    },
    // Request logs are written as in production, to nowhere: the load generator must not read them.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  const origin = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const ready = await fetch(`${origin}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return { origin, child };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the API did not become ready');
}

async function stopApi(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function seed(mongoUri: string): Promise<string> {
  const db = await connectDb(mongoUri);
  const workspace = await db.workspaces.createWorkspace({ name: 'Overload bench', plan: 'agency' });
  const key = await db.apiKeys.create(workspace.id, { name: 'bench' });
  for (let n = 0; n < CAMPAIGNS; n += 1) await db.campaigns.create(workspace.id, { name: `Campaign ${n}` });
  await db.close();
  return key.plaintext;
}

function target(origin: string, apiKey: string, connections: number): LoadTarget {
  return { origin, path: `/v1/campaigns?limit=${CAMPAIGNS}`, headers: { 'x-api-key': apiKey }, connections };
}

/**
 * The machine may be shared: one step past the target is taken for noise, two in a row for the
 * capacity (the last rate that held before them).
 */
async function measureCapacity(origin: string, apiKey: string): Promise<{ rate: number; inFlight: number }> {
  // Warm-up: compiled code paths, open connections, a filled pool.
  await runOpenLoop(target(origin, apiKey, 64), {
    rate: 25,
    durationMs: 5_000,
    timeoutMs: CLIENT_TIMEOUT_MS,
  });
  let capacity = { rate: 0, inFlight: 0 };
  let missed = 0;
  for (const rate of RATES) {
    const outcomes = await runOpenLoop(target(origin, apiKey, 1024), {
      rate,
      durationMs: STEP_MS,
      timeoutMs: CLIENT_TIMEOUT_MS,
    });
    const summary = summarize(outcomes, STEP_MS, ANSWERED_WITHIN_MS);
    const meanMs = outcomes.reduce((sum, o) => sum + o.latencyMs, 0) / Math.max(1, outcomes.length);
    const held = summary.p95Ms <= LATENCY_TARGET_MS && summary.ok === summary.requests;
    console.log(
      `  ${String(rate).padStart(5)} req/s: p50 ${summary.p50Ms.toFixed(0)} ms, p95 ${summary.p95Ms.toFixed(0)} ms, ` +
        `${summary.ok}/${summary.requests} ok${held ? '' : '  <- past capacity'}`,
    );
    if (!held) {
      missed += 1;
      if (missed === 2) break;
      continue;
    }
    missed = 0;
    capacity = { rate, inFlight: Math.ceil((rate * meanMs) / 1000) };
  }
  return capacity;
}

async function overload(origin: string, apiKey: string, rate: number): Promise<Summary> {
  const outcomes = await runOpenLoop(target(origin, apiKey, 2048), {
    rate,
    durationMs: OVERLOAD_MS,
    timeoutMs: CLIENT_TIMEOUT_MS,
  });
  return summarize(outcomes, OVERLOAD_MS, ANSWERED_WITHIN_MS);
}

function report(label: string, s: Summary): void {
  console.log(
    `${label}: ${s.requests} requests, ${(s.answeredWithin * 100).toFixed(1)} % answered within ` +
      `${ANSWERED_WITHIN_MS} ms; ${s.ok} ok (${s.achievedOkPerSecond.toFixed(0)}/s, p95 ${s.okP95Ms.toFixed(0)} ms), ` +
      `${s.overloaded} 503 (p95 ${s.overloadedP95Ms.toFixed(0)} ms, ${s.overloadedWithoutRetryAfter} without Retry-After), ` +
      `${s.other5xx} other 5xx, ${s.otherStatus} other statuses, ${s.failed} timed out or failed; ` +
      `latency p50 ${s.p50Ms.toFixed(0)} ms, p99 ${s.p99Ms.toFixed(0)} ms`,
  );
}

async function main(): Promise<number> {
  const database = env['MONGODB_URI'] ? null : await startDatabaseProcess();
  const mongoUri = env['MONGODB_URI'] ?? `${database?.uri.replace(/\/$/, '')}/overload-bench`;
  const apiKey = await seed(mongoUri);

  const given = Number(env['BENCH_CAPACITY'] ?? 0);
  let capacity = { rate: given, inFlight: 0 };
  if (given > 0) console.log(`capacity: ${given} req/s (BENCH_CAPACITY, not measured)`);
  else {
    console.log(`capacity of GET /v1/campaigns (p95 within ${LATENCY_TARGET_MS} ms, every answer 200):`);
    const raw = await startApi(mongoUri, NO_SHEDDING);
    capacity = await measureCapacity(raw.origin, apiKey);
    await stopApi(raw.child);
    console.log(`capacity: ${capacity.rate} req/s, ${capacity.inFlight} requests in flight at it`);
  }
  if (capacity.rate === 0) throw new Error('not even the lowest rate was served in time');

  const rate = capacity.rate * 2;
  console.log(`\ntwice the capacity, ${rate} req/s for ${OVERLOAD_MS / 1000} s:`);
  const shedding = await startApi(mongoUri, {});
  const withShedding = await overload(shedding.origin, apiKey, rate);
  await stopApi(shedding.child);
  report('with load shedding   ', withShedding);
  const plain = await startApi(mongoUri, NO_SHEDDING);
  const withoutShedding = await overload(plain.origin, apiKey, rate);
  await stopApi(plain.child);
  report('without load shedding', withoutShedding);
  database?.stop();
  return withShedding.other5xx === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
