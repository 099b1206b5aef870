#!/usr/bin/env node
// Brings the whole service up locally as separate processes: MongoDB (from the test kit,
// unless MONGODB_URI points at one), the Unipile simulator (Unipile's wire format, webhooks pushed to
// the API's ingestion route with a secret generated for the run), the OpenAI-compatible
// language-model simulator (unless LLM_BASE_URL points at a real endpoint), the API, the runner and
// the dispatcher. On first run it creates a demo workspace with two connected sender accounts, then prints
// the URLs (the operator console's among them, served by the API at /console) and the demo API key
// and writes them to .outreach/dev.json. A child that exits after it
// came up is started again after a growing pause (a database blip must not take the service down);
// `--apis N`, `--runners N` and `--dispatchers N` (or API_PROCESSES, RUNNER_PROCESSES,
// DISPATCHER_PROCESSES) run several of each on the one database: the API instances on the ports
// after API_PORT, behind a round-robin proxy on API_PORT (scripts/round-robin-proxy.mjs).
// Ctrl-C (SIGINT) or SIGTERM stops everything and exits 0, whenever it arrives: with `--build`
// (what `pnpm start` passes) the build runs first as a child of this script, so a signal during
// the build stops the build and starts nothing; one during startup starts no further child.
// The data is kept in .outreach/db (OUTREACH_DATA_DIR) across restarts; `--fresh` starts empty.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { createChildProcesses } from './child-processes.mjs';
import { openLocalData, recordStop } from './local-data.mjs';
import { forwardPackageManagerSigint } from './package-manager-signals.mjs';
import { processCounts } from './process-counts.mjs';
import { startRoundRobinProxy } from './round-robin-proxy.mjs';

const root = new URL('..', import.meta.url).pathname;
const env = process.env;
const apiPort = Number(env.API_PORT ?? 3000);
const sandboxPort = Number(env.SANDBOX_PORT ?? 4010);
const mongoPort = Number(env.MONGO_PORT ?? 27027);
// 4030: clear of the Unipile simulator (4010) and of the other simulators' 40x0 ports.
const llmSimulatorPort = Number(env.LLM_SIMULATOR_PORT ?? 4030);
const daySeconds = Number(env.DEMO_DAY_SECONDS ?? 10);
const timeScale = String(Math.max(1, Math.round(86_400 / daySeconds)));
const stateFile = env.OUTREACH_STATE_FILE ?? join(root, '.outreach', 'dev.json');
const dataDir = env.OUTREACH_DATA_DIR ?? join(root, '.outreach', 'db');
// The operator console's build, served by the API at /console (skipped if it was not built).
const consoleDir = env.CONSOLE_DIR ?? join(root, 'apps', 'console', 'dist');
const consoleBuilt = existsSync(join(consoleDir, 'index.html'));
const cliArgs = process.argv.slice(2);
let counts;
try {
  counts = processCounts(cliArgs, env, {
    apis: 'API_PROCESSES',
    runners: 'RUNNER_PROCESSES',
    dispatchers: 'DISPATCHER_PROCESSES',
  });
} catch (error) {
  console.error(error.message);
  process.exit(2);
}
/** `api`, `runner`, `dispatcher` when there is one; `runner-1`, `runner-2`, ... otherwise. */
const namesOf = (kind, count) =>
  Array.from({ length: count }, (_, n) => (count === 1 ? kind : `${kind}-${n + 1}`));
const { previousState, clockEpoch } = openLocalData({
  stateFile,
  dataDir,
  fresh: cliArgs.includes('--fresh'),
  timeScale: Number(timeScale),
});
// Every local server listens on loopback unless HOST says otherwise (e.g. HOST=0.0.0.0).
const host = env.HOST ?? '127.0.0.1';
const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
// Local webhook receivers listen on loopback; no other private address is opened. Both switches
// can be overridden from the environment (WEBHOOK_ALLOW_PRIVATE_TARGETS=true opens every range).
const webhookTargets = {
  WEBHOOK_ALLOW_LOOPBACK_TARGETS: env.WEBHOOK_ALLOW_LOOPBACK_TARGETS ?? 'true',
  WEBHOOK_ALLOW_PRIVATE_TARGETS: env.WEBHOOK_ALLOW_PRIVATE_TARGETS ?? 'false',
};
/** A path as a user in the repository would type it: relative when inside it. */
function shownPath(path) {
  const inside = relative(root, path);
  return inside.startsWith('..') || isAbsolute(inside) ? path : inside;
}
/**
 * Each process's own metrics port: API_METRICS_PORT, RUNNER_METRICS_PORT and
 * DISPATCHER_METRICS_PORT become that process's METRICS_PORT (one METRICS_PORT for the three would
 * collide), none when unset; the second process of a kind takes the next port, and so on. Tracing needs nothing here: OTEL_EXPORTER_OTLP_ENDPOINT and the other
 * OTEL_* variables reach the API, the runner and the dispatcher as they are, each naming itself.
 */
function metricsPort(variable, index = 0) {
  return { METRICS_PORT: env[variable] ? String(Number(env[variable]) + index) : undefined };
}
/** Pauses before starting a crashed child again: doubling from 1 s up to 30 s. */
const RESTART_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000];
/** A child that stayed up this long is healthy again: its next crash restarts it after 1 s. */
const STABLE_AFTER_MS = 60_000;

/** Called with every line a child prints, by the child's name (the API's setup link). */
const lineObservers = new Map();

/**
 * Signs session cookies. Kept in `.outreach/auth-secret` so that sessions outlive a restart; made
 * once, readable by this user only. `AUTH_SECRET` in the environment wins.
 */
function authSecret() {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = join(dirname(stateFile), 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** Running children by name; a restarted child replaces its predecessor. */
const children = new Map();
const processes = createChildProcesses();
const restartTimers = new Set();
let stopping = false;

/**
 * The build (`turbo run build`), in a process group of its own so that stopping it stops every
 * process it started (turbo, the package managers and compilers under it).
 */
function build() {
  return new Promise((resolve, reject) => {
    console.log('[start] building (turbo run build)');
    const child = processes.start(
      join(root, 'node_modules', '.bin', 'turbo'),
      ['run', 'build', '--ui=stream'],
      {
        cwd: root,
        env,
        stdio: ['ignore', 'inherit', 'inherit'],
        detached: true,
      },
    );
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`the build failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

function run(name, script, args, extraEnv, ready) {
  return new Promise((resolve, reject) => {
    let settled = false;
    let crashes = 0;
    const start = () => {
      const child = processes.start(process.execPath, [join(root, script), ...args], {
        cwd: root,
        // A function gives each start its own values (a runner's id, never reused by its successor).
        env: { ...env, ...(typeof extraEnv === 'function' ? extraEnv() : extraEnv) },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const startedAt = Date.now();
      children.set(name, child);
      console.log(`[${name}] started (pid ${child.pid})`);
      pipeLines(child);
      child.on('exit', (code, signal) => {
        if (!settled) reject(new Error(`${name} exited before it was ready (${signal ?? code})`));
        else if (!stopping) {
          if (Date.now() - startedAt >= STABLE_AFTER_MS) crashes = 0;
          const delay = RESTART_DELAYS_MS[Math.min(crashes, RESTART_DELAYS_MS.length - 1)];
          crashes += 1;
          console.error(`[${name}] exited (${signal ?? code}); restarting in ${delay / 1000} s`);
          const timer = setTimeout(() => {
            restartTimers.delete(timer);
            if (!stopping) start();
          }, delay);
          restartTimers.add(timer);
        }
      });
    };
    const onLine = (line) => {
      process.stdout.write(`[${name}] ${line}\n`);
      lineObservers.get(name)?.(line);
      const match = !settled && ready?.(line);
      if (match) {
        settled = true;
        resolve(match);
      }
    };
    const pipeLines = (child) => {
      for (const stream of [child.stdout, child.stderr]) {
        let buffer = '';
        stream.on('data', (chunk) => {
          buffer += chunk;
          const lines = buffer.split('\n');
          buffer = lines.pop() ?? '';
          lines.forEach(onLine);
        });
      }
    };
    try {
      start();
    } catch (error) {
      reject(error);
      return;
    }
    if (!ready) {
      settled = true;
      resolve(true);
    }
  });
}

function runOnce(script, args, extraEnv) {
  return new Promise((resolve, reject) => {
    const child = processes.start(process.execPath, [join(root, script), ...args], {
      cwd: root,
      env: { ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${script} ${args.join(' ')} failed (${code})`)),
    );
  });
}

async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function demoWorkspace(mongoUri, apiUrl) {
  if (previousState !== undefined) {
    const previous = previousState;
    const res = await fetch(`${apiUrl}/v1/accounts`, { headers: { 'x-api-key': previous.apiKey } });
    if (previous.mongoUri === mongoUri && res.ok) return previous;
  }
  const admin = 'apps/api/dist/cli/admin.js';
  const adminEnv = { MONGODB_URI: mongoUri };
  const ws = JSON.parse(
    await runOnce(admin, ['workspace', 'create', '--name', 'Demo', '--plan', 'agency', '--json'], adminEnv),
  );
  for (const [name, id] of [
    ['Demo sender one', 'demo-sender-one'],
    ['Demo sender two', 'demo-sender-two'],
  ]) {
    await runOnce(
      admin,
      [
        'account',
        'create',
        '--workspace',
        ws.workspaceId,
        '--name',
        name,
        '--public-identifier',
        id,
        '--json',
      ],
      adminEnv,
    );
  }
  return { apiKey: ws.apiKey, workspaceId: ws.workspaceId };
}

/**
 * The runner's language model: the endpoint LLM_BASE_URL / LLM_MODEL name, else the simulator
 * started here (deterministic answers, see packages/llm), so the demo shows AI tags and generated
 * openers with no external service.
 */
async function languageModel() {
  if (env.LLM_BASE_URL) return { baseUrl: env.LLM_BASE_URL, model: env.LLM_MODEL ?? '', simulated: false };
  const model = env.LLM_SIMULATOR_MODEL ?? 'outreach-simulated-1';
  await run('llm', 'packages/llm/dist/simulator/cli.js', [], {
    LLM_SIMULATOR_PORT: String(llmSimulatorPort),
    LLM_SIMULATOR_HOST: host,
    LLM_SIMULATOR_MODEL: model,
  });
  const baseUrl = `http://${urlHost}:${llmSimulatorPort}/v1`;
  await waitForHttp(`${baseUrl}/models`);
  return { baseUrl, model, simulated: true };
}

async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping...');
  sigintWatcher.stop();
  recordStop(stateFile, clockEpoch);
  for (const timer of restartTimers) clearTimeout(timer);
  // The services in the reverse order of their start, then whatever else runs (the build, a
  // one-off command). Nothing new starts from here on.
  await processes.stopAll([...children.values()].reverse());
  process.exit(code);
}

process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
// Orphaned (whatever started this process was killed without passing a signal on: a test runner
// torn down, a terminal gone), the service stops rather than run on with nobody to stop it.
const parentAtStart = process.ppid;
setInterval(() => {
  if (process.ppid !== parentAtStart) {
    console.error('[start] the process that started this one is gone: stopping');
    void shutdown(1);
  }
}, 1_000).unref();
const sigintWatcher = forwardPackageManagerSigint((line) => console.log(`[start] ${line}`));

async function main() {
  // Nothing starts before a SIGINT sent to pnpm's group can reach us.
  await sigintWatcher.ready;
  if (cliArgs.includes('--build')) await build();
  let mongoUri = env.MONGODB_URI;
  if (!mongoUri) {
    const base = await run(
      'mongo',
      'packages/mongo-testkit/dist/cli.js',
      ['--port', String(mongoPort), '--data-dir', dataDir],
      {},
      (l) => l.match(/mongodb:\/\/\S+/)?.[0],
    );
    mongoUri = `${base.replace(/\/$/, '')}/outreach`;
  }
  const sandboxUrl = `http://${urlHost}:${sandboxPort}`;
  const apiUrl = `http://${urlHost}:${apiPort}`;
  const clock = { TIME_SCALE: timeScale, CLOCK_EPOCH: clockEpoch };
  // The simulator's API key and the webhook secret are made for this run: nothing to configure,
  // and the ingestion route still refuses whoever does not hold the secret.
  const simulatorKey = `sim-${randomBytes(12).toString('hex')}`;
  const webhookSecret = randomBytes(24).toString('hex');
  const provider = {
    NETWORK_PROVIDER: 'sandbox',
    UNIPILE_DSN: sandboxUrl,
    UNIPILE_API_KEY: simulatorKey,
    UNIPILE_WEBHOOK_SECRET: webhookSecret,
  };

  await run('simulator', 'packages/network/dist/unipile-sim/sim-cli.js', [], {
    PORT: String(sandboxPort),
    UNIPILE_API_KEY: simulatorKey,
    WEBHOOK_URL: `${apiUrl}/provider-webhooks/unipile`,
    WEBHOOK_SECRET_HEADER: 'X-Webhook-Secret',
    WEBHOOK_SECRET: webhookSecret,
    HOST: host,
    // The simulator is strict (LinkedIn's limits, restrictions, late and lost webhooks), but a
    // compressed demo day would end every session after a few real minutes: there they last a
    // simulated year unless SESSION_LIFETIME_MS says otherwise. Tests and the soak keep a month.
    SESSION_LIFETIME_MS: env.SESSION_LIFETIME_MS ?? String(365 * 24 * 3_600_000),
    ...clock,
  });
  await waitForHttp(`${sandboxUrl}/healthz`);
  const llm = await languageModel();
  // While nobody has an account the API logs a one-time setup link: shown and kept with the rest.
  let setupUrl;
  let info;
  lineObservers.set('api', (line) => {
    const found = line.match(/"setupUrl":"([^"]+)"/)?.[1];
    if (!found) return;
    setupUrl = found;
    if (info) {
      writeState({ ...info, setupUrl });
      console.log(
        `\n  Setup:    ${setupUrl}\n            (create the first owner with it within an hour; written to ${stateFile} as setupUrl)`,
      );
    }
  });
  // One API listens on API_PORT itself; several listen on the ports after it, behind the proxy.
  const apiNames = namesOf('api', counts.apis);
  const apiPorts = apiNames.map((_, n) => (counts.apis === 1 ? apiPort : apiPort + 1 + n));
  const sharedAuthSecret = authSecret();
  for (const [n, name] of apiNames.entries()) {
    lineObservers.set(name, lineObservers.get('api'));
    await run(name, 'apps/api/dist/server.js', [], {
      AUTH_SECRET: sharedAuthSecret,
      PORT: String(apiPorts[n]),
      HOST: host,
      MONGODB_URI: mongoUri,
      PUBLIC_URL: apiUrl,
      // Named by the docs page and by 401 answers, so a local user finds the demo key.
      DEMO_KEY_FILE: shownPath(stateFile),
      ...(consoleBuilt ? { CONSOLE_DIR: consoleDir } : {}),
      ...provider,
      ...webhookTargets,
      ...metricsPort('API_METRICS_PORT', n),
      ...clock,
    });
  }
  for (const port of apiPorts) await waitForHttp(`http://${urlHost}:${port}/readyz`);
  if (counts.apis > 1) {
    await startRoundRobinProxy({
      port: apiPort,
      host,
      upstreams: apiPorts.map((port) => ({ host: urlHost.replace(/^\[|\]$/g, ''), port })),
    });
    console.log(`[start] ${apiUrl} spreads requests over the API instances on ports ${apiPorts.join(', ')}`);
  }
  const demo = await demoWorkspace(mongoUri, apiUrl);
  for (const [n, name] of namesOf('runner', counts.runners).entries())
    await run(name, 'apps/runner/dist/main.js', [], () => ({
      // Its own id at each start: a restarted runner never takes its predecessor's lease owners.
      RUNNER_ID: `${name}-${randomBytes(3).toString('hex')}`,
      MONGODB_URI: mongoUri,
      // A demo day is seconds long: the safety net for lost webhooks runs every few real seconds.
      RECONCILE_POLLS_PER_DAY: env.RECONCILE_POLLS_PER_DAY ?? '4',
      ...provider,
      LLM_BASE_URL: llm.baseUrl,
      ...(llm.model ? { LLM_MODEL: llm.model } : {}),
      ...metricsPort('RUNNER_METRICS_PORT', n),
      ...clock,
    }));
  // A dispatcher names its leases itself (host, pid and a random part), distinct at every start.
  for (const [n, name] of namesOf('dispatcher', counts.dispatchers).entries())
    await run(name, 'apps/dispatcher/dist/main.js', [], {
      MONGODB_URI: mongoUri,
      ...webhookTargets,
      ...metricsPort('DISPATCHER_METRICS_PORT', n),
      ...clock,
    });

  info = {
    apiUrl,
    docsUrl: `${apiUrl}/docs`,
    ...(consoleBuilt ? { consoleUrl: `${apiUrl}/console/` } : {}),
    apiKey: demo.apiKey,
    workspaceId: demo.workspaceId,
    mongoUri,
    sandboxUrl,
    llmBaseUrl: llm.baseUrl,
    llmModel: llm.model,
    clockEpoch,
    timeScale: Number(timeScale),
  };
  writeState({ ...info, ...(setupUrl ? { setupUrl } : {}) });
  // The link works once: when the first owner has been made, it leaves the state file.
  const setupWatch = setInterval(() => {
    if (!setupUrl) return;
    fetch(`${apiUrl}/v1/setup`)
      .then((res) => (res.ok ? res.json() : undefined))
      .then((status) => {
        if (status?.needed !== false || !setupUrl) return;
        setupUrl = undefined;
        writeState(info);
        console.log('[start] the first owner is set up: setupUrl removed from the state file');
      })
      .catch(() => undefined);
  }, 2_000);
  setupWatch.unref();
  console.log(`
The outreach service is up (a sandbox day lasts ${daySeconds} s; ${counts.apis} API, ${counts.runners} runner and ${counts.dispatchers} dispatcher processes).
  API:      ${apiUrl}${counts.apis > 1 ? ` (${counts.apis} instances, ports ${apiPorts.join(', ')})` : ''}
  Docs:     ${info.docsUrl}
  Console:  ${info.consoleUrl ?? '(not built: pnpm --filter @outreach/console build)'}${info.consoleUrl ? (setupUrl ? ' (create the first owner with the setup link below, then sign in)' : ' (sign in with your e-mail and password)') : ''}
  API key:  ${info.apiKey} (for the API and integrations)${setupUrl ? `\n  Setup:    ${setupUrl}\n            (the first owner's account: single use, valid one hour)` : ''}
  Unipile simulator: ${sandboxUrl}
  Model:    ${llm.model} at ${llm.baseUrl}${llm.simulated ? ' (simulated: AI tags, ICP reasons and openers without any external service)' : ''}
  MongoDB:  ${mongoUri}${env.MONGODB_URI ? '' : ` (data kept in ${dataDir}; \`pnpm start --fresh\` starts empty)`}
Written to ${stateFile}. Press Ctrl-C to stop.`);
}

function writeState(state) {
  mkdirSync(dirname(stateFile), { recursive: true });
  writeFileSync(stateFile, `${JSON.stringify(state, null, 2)}\n`);
}

main().catch((error) => {
  // Once stopping, a refused start is the expected end of startup, not an error to report.
  if (stopping) return;
  console.error(error instanceof Error ? error.message : error);
  void shutdown(1);
});
