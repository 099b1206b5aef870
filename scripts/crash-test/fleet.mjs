// The crash test's processes: the database, the API instances behind a round-robin proxy, the
// runners (each reaching the simulator through a proxy of its own, which counts the actions it
// carried out) and the dispatchers, all on one database. Any of them can be killed (SIGKILL) and is
// started again under a new id, as an orchestrator would. The end-to-end test of a lead import
// across runner kills (e2e/test/lead-import-kills.e2e.test.ts) starts its processes here too, each
// through its own `spawn` (`scripts/child-processes.mjs`), so that a failed test stops them all.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startRoundRobinProxy } from '../round-robin-proxy.mjs';

/** The simulator routes that are actions on LinkedIn (an invitation, a message, an InMail). */
const ACTION_ROUTES = [
  /^\/api\/v1\/users\/invite$/,
  /^\/api\/v1\/chats$/,
  /^\/api\/v1\/chats\/[^/]+\/messages$/,
];

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a built entry point (with `args`); `ready` resolves with the first output `match` finds.
 * `start` is how the child is spawned (`spawn`'s signature): a caller that must stop whatever it
 * started passes its own.
 */
export function startProcess(root, script, env, match, { args = [], start = spawn } = {}) {
  const child = start(process.execPath, [join(root, script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = [];
  const ready = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      const text = String(chunk);
      output.push(text);
      if (output.length > 200) output.shift();
      const found = match?.(text);
      if (found) resolve(found);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code, signal) =>
      reject(new Error(`${script} exited (${signal ?? code}): ${output.join('').slice(-2000)}`)),
    );
    if (!match) resolve(true);
  });
  ready.catch(() => undefined);
  return { child, ready, output: () => output.join('') };
}

/**
 * The test kit's database emulator in a process of its own, on a free port; resolves with the URI
 * of database `name` once it listens.
 */
export async function startDatabase(root, { name, start = spawn } = {}) {
  const port = await freePort();
  const database = startProcess(
    root,
    'packages/mongo-testkit/dist/cli.js',
    {},
    (text) => text.match(/mongodb:\/\/\S+/)?.[0],
    { args: ['--port', String(port)], start },
  );
  const base = await database.ready;
  return { uri: `${base.replace(/\/$/, '')}/${name}`, child: database.child };
}

/** Resolves once `url` answers 2xx; throws after `timeoutMs`. */
export async function waitForReady(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ok = await fetch(url).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${url} not ready within ${timeoutMs} ms`);
}

function isUp(child) {
  return child !== null && child.exitCode === null && child.signalCode === null;
}

/**
 * `counts` of each kind; `env` per kind (`api(port)`, `runner(id, simUrl)`, `dispatcher()`).
 * Resolves once every process is up, with the public API URL (the proxy), the kill switch and
 * the figures: kills per kind, and per runner slot the actions its processes carried out.
 * `start` spawns each process (see `startProcess`); `onRunnerResponse(req, res)` sees every answer
 * the simulator gave a runner.
 */
export async function startFleet({ root, counts, simUrl, env, start = spawn, onRunnerResponse }) {
  const apiPorts = await Promise.all(Array.from({ length: counts.apis }, () => freePort()));
  const apiProxy = await startRoundRobinProxy({
    upstreams: apiPorts.map((port) => ({ host: '127.0.0.1', port })),
  });
  const apiUrl = `http://127.0.0.1:${apiProxy.port}`;
  const sim = new URL(simUrl);
  const slots = [];
  const kills = { api: 0, runner: 0, dispatcher: 0 };

  async function addSlot(kind, index, launch) {
    const slot = { kind, name: `${kind}-${index + 1}`, child: null, starts: 0, stopping: false };
    slot.launch = async () => {
      slot.starts += 1;
      const started = launch(slot);
      slot.child = started.child;
      await started.ready;
    };
    slots.push(slot);
    await slot.launch();
    return slot;
  }

  for (const [n, port] of apiPorts.entries())
    await addSlot('api', n, () => {
      const started = startProcess(root, 'apps/api/dist/server.js', env.api(port, apiUrl), undefined, {
        start,
      });
      return { child: started.child, ready: waitForReady(`http://127.0.0.1:${port}/readyz`) };
    });
  for (let n = 0; n < counts.runners; n += 1) {
    // The slot's own way to the simulator: what passes it is what this runner slot did.
    const tally = { actions: 0 };
    const counter = await startRoundRobinProxy({
      upstreams: [{ host: sim.hostname, port: Number(sim.port) }],
      onResponse: (_upstream, req, res) => {
        const path = req.url.split('?')[0];
        if (req.method === 'POST' && res.statusCode < 300 && ACTION_ROUTES.some((route) => route.test(path)))
          tally.actions += 1;
        onRunnerResponse?.(req, res);
      },
    });
    const slot = await addSlot('runner', n, (s) =>
      startProcess(
        root,
        'apps/runner/dist/main.js',
        env.runner(`crash-${s.name}.${s.starts}`, `http://127.0.0.1:${counter.port}`),
        undefined,
        { start },
      ),
    );
    Object.assign(slot, { counter, tally });
  }
  for (let n = 0; n < counts.dispatchers; n += 1)
    await addSlot('dispatcher', n, () =>
      startProcess(root, 'apps/dispatcher/dist/main.js', env.dispatcher(), undefined, { start }),
    );

  return {
    apiUrl,
    apiProxy,
    /**
     * Kills one process chosen at random among those up (of `kind` only, when given), and starts
     * it again after `restartMs`. Resolves with its name once it is gone (null when none was up).
     */
    async killOne(restartMs, kind) {
      const up = slots.filter(
        (slot) => isUp(slot.child) && !slot.stopping && (kind === undefined || slot.kind === kind),
      );
      const slot = up[Math.floor(Math.random() * up.length)];
      if (slot === undefined) return null;
      const child = slot.child;
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
      kills[slot.kind] += 1;
      setTimeout(() => {
        if (!slot.stopping)
          slot.launch().catch((error) => console.error(`${slot.name} did not restart: ${error.message}`));
      }, restartMs);
      return slot.name;
    },
    /** Waits until every process is up again (those killed last are restarting). */
    async allUp(timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      while (slots.some((slot) => !isUp(slot.child))) {
        if (Date.now() > deadline) throw new Error('processes did not come back up');
        await sleep(100);
      }
    },
    /** Stops every process of `kind` gracefully (SIGTERM), waiting for each. */
    async stop(kind) {
      await Promise.all(
        slots
          .filter((slot) => slot.kind === kind)
          .map(async (slot) => {
            slot.stopping = true;
            if (!isUp(slot.child)) return;
            const gone = new Promise((resolve) => slot.child.once('exit', resolve));
            slot.child.kill('SIGTERM');
            await gone;
          }),
      );
    },
    figures() {
      return {
        kills: { ...kills },
        starts: Object.fromEntries(slots.map((slot) => [slot.name, slot.starts])),
        actionsByRunner: Object.fromEntries(
          slots.filter((slot) => slot.kind === 'runner').map((slot) => [slot.name, slot.tally.actions]),
        ),
        requestsByApi: Object.fromEntries(
          [...apiProxy.served.values()].map((count, n) => [`api-${n + 1}`, count]),
        ),
      };
    },
    async close() {
      for (const slot of slots) {
        slot.stopping = true;
        if (isUp(slot.child)) slot.child.kill('SIGKILL');
      }
      await apiProxy.close();
      for (const slot of slots) await slot.counter?.close();
    },
  };
}
