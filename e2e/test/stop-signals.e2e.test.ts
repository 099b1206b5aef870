// De-risks stopping `pnpm start` the way scripts and supervisors do, with no terminal: a shell
// script starts it in the background with its output sent to a file (so pnpm inherits SIGINT as
// ignored, and runs the service in a process group of its own), then signals the process group
// it started. Every process of the run must exit and every port must be free again, whether the
// signal comes once the service is up, while it builds, or while it starts its processes.
import { execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stackPlace } from './support/stack.js';

const repoRoot = new URL('../../', import.meta.url).pathname;
const PORT_NAMES = ['API_PORT', 'SANDBOX_PORT', 'MONGO_PORT', 'LLM_SIMULATOR_PORT'];

/** Pids of every process still in the session the script was started in. */
function sessionPids(sid: number): number[] {
  return execFileSync('ps', ['-eo', 'pid=,sid='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter(([pid, session]) => session === sid && pid !== undefined)
    .map(([pid]) => pid as number);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

async function waitUntil(what: string, done: () => boolean, timeoutMs: number, log: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${log().slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * What a script does: `pnpm start > file &` without job control, in a new session (and so a new
 * process group) whose id the script then signals. Returns that group and the log.
 */
function startInBackground(cwd: string, place: Record<string, string>, extraEnv: NodeJS.ProcessEnv = {}) {
  const logFile = join(dirname(place['OUTREACH_STATE_FILE'] as string), 'start.log');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...place,
    LOG_LEVEL: 'warn',
    START_LOG: logFile,
    ...extraEnv,
  };
  delete env['VITEST'];
  delete env['NODE_OPTIONS'];
  const script = spawn('sh', ['-c', 'pnpm start > "$START_LOG" 2>&1 & wait'], {
    cwd,
    env,
    detached: true,
    stdio: 'ignore',
  });
  const group = script.pid as number;
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  // After a failure: SIGTERM first, so that the run stops what it started outside the session (its
  // build runs in a process group of its own), then SIGKILL whatever is left.
  const cleanUp = async () => {
    if (sessionPids(group).length === 0) return;
    try {
      process.kill(-group, 'SIGTERM');
    } catch {
      // already gone
    }
    const deadline = Date.now() + 15_000;
    while (sessionPids(group).length > 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    for (const pid of sessionPids(group)) process.kill(pid, 'SIGKILL');
  };
  return { group, log, cleanUp };
}

async function expectAllStopped(
  group: number,
  signal: NodeJS.Signals,
  place: Record<string, string>,
  log: () => string,
) {
  await waitUntil(
    `every process to exit after ${signal}`,
    () => sessionPids(group).length === 0,
    30_000,
    log,
  );
  for (const port of PORT_NAMES.map((name) => Number(place[name])))
    expect(await portIsFree(port), `port ${port}`).toBe(true);
  expect(log()).toContain('stopping...');
}

/**
 * A copy of the start scripts with a build that never ends by itself: a shell that starts a
 * second process and waits, both writing their pids, so the test sees the whole build stop.
 */
function checkoutWithEndlessBuild(): { dir: string; pidsFile: string } {
  const dir = mkdtempSync(join(tmpdir(), 'outreach-build-'));
  mkdirSync(join(dir, 'scripts'));
  mkdirSync(join(dir, 'node_modules', '.bin'), { recursive: true });
  copyFileSync(join(repoRoot, 'package.json'), join(dir, 'package.json'));
  for (const file of [
    'start.mjs',
    'child-processes.mjs',
    'local-data.mjs',
    'package-manager-signals.mjs',
    'process-counts.mjs',
    'round-robin-proxy.mjs',
  ])
    copyFileSync(join(repoRoot, 'scripts', file), join(dir, 'scripts', file));
  // The checkout has no lockfile and no installed packages, only the stand-in `turbo`: pnpm must
  // neither install the root's dependencies before the script (which would replace that stand-in)
  // nor fetch its own pinned version, as the repository's own settings say.
  writeFileSync(join(dir, 'pnpm-workspace.yaml'), 'verifyDepsBeforeRun: false\npmOnFail: ignore\n');
  const pidsFile = join(dir, 'build.pids');
  const turbo = join(dir, 'node_modules', '.bin', 'turbo');
  writeFileSync(
    turbo,
    `#!/bin/sh\nsleep 600 &\necho $$ $! > "${pidsFile}"\necho "building for ever"\nwait\n`,
  );
  chmodSync(turbo, 0o755);
  return { dir, pidsFile };
}

describe('pnpm start launched in the background by a script', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'stops pnpm and every child, and frees their ports, on %s sent to its process group',
    async (signal) => {
      const place = await stackPlace();
      const { group, log, cleanUp } = startInBackground(repoRoot, place);
      try {
        await waitUntil(
          'the service to come up',
          () => log().includes('The outreach service is up'),
          120_000,
          log,
        );
        process.kill(-group, signal);
        await expectAllStopped(group, signal, place, log);
      } finally {
        await cleanUp();
      }
    },
  );

  it('stops the build and starts nothing on SIGINT sent to its process group while it builds', async () => {
    const place = await stackPlace();
    const { dir, pidsFile } = checkoutWithEndlessBuild();
    const { group, log, cleanUp } = startInBackground(dir, place);
    try {
      await waitUntil(
        'the build to start',
        () => log().includes('building for ever') && existsSync(pidsFile),
        60_000,
        log,
      );
      const buildPids = readFileSync(pidsFile, 'utf8').trim().split(/\s+/).map(Number);
      process.kill(-group, 'SIGINT');
      await expectAllStopped(group, 'SIGINT', place, log);
      for (const pid of buildPids) expect(isRunning(pid), `build process ${pid}`).toBe(false);
      expect(log()).not.toMatch(/\[mongo\] started/);
    } finally {
      await cleanUp();
      if (existsSync(pidsFile))
        for (const pid of readFileSync(pidsFile, 'utf8').trim().split(/\s+/).map(Number))
          if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    }
  });

  it('leaves no process behind on SIGINT sent to its process group while it starts its processes', async () => {
    const place = await stackPlace();
    const { group, log, cleanUp } = startInBackground(repoRoot, place);
    try {
      // The first service is up and the next are about to start: the moment a signal used to leave
      // a process started after the shutdown had taken its list.
      await waitUntil('the first service to start', () => /\[simulator\] started/.test(log()), 120_000, log);
      process.kill(-group, 'SIGINT');
      await expectAllStopped(group, 'SIGINT', place, log);
      expect(log()).not.toContain('The outreach service is up');
    } finally {
      await cleanUp();
    }
  });
});
