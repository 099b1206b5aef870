// De-risks the README's first promise: on a machine with only git, bash and an older Node.js with
// npm, the two commands of "Quick start", run as written in a fresh clone, are all it takes.
// `./outreach start` installs what is missing (Node 24 when the machine's node is older, the pinned
// pnpm, the workspace's dependencies), builds, brings the service up, and SIGINT (Ctrl-C) stops
// every process it started; `./outreach test` then runs what CI runs and installs nothing again.
// The whole suite run from inside a test would run this test again (and take a quarter of an
// hour), so the test command runs in the bounded form the README gives (one small package),
// through the same steps.
//
// The clone is of HEAD: this checks what is committed. The HOME is new (so is the toolchain cache
// in it); npm's download cache and pnpm's package store are the machine's, so nothing is downloaded
// twice. The database is the emulator: a fresh HOME would otherwise fetch mongod where the internet
// is reachable, and the database is not what this test is about.
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChildProcesses } from '../../scripts/child-processes.mjs';
import { sectionShellBlocks } from '../../scripts/readme-walkthrough.mjs';
import { newcomerEnv, startingNodeDir } from './support/newcomer.js';

const repoRoot = new URL('../../', import.meta.url).pathname;
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const packageJson = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
  packageManager: string;
  engines: { node: string };
};
const pinnedPnpm = packageJson.packageManager.replace(/^pnpm@/, '');
const pinnedNode = readFileSync(join(repoRoot, '.nvmrc'), 'utf8').trim();

/** The `./outreach` lines of each ```sh block of "Quick start" that has any, without comments. */
const outreachBlocks = sectionShellBlocks(readme, 'Quick start')
  .map((block) =>
    block
      .split('\n')
      .filter((line) => line.startsWith('./outreach '))
      .map((line) => line.replace(/\s+#.*$/, '')),
  )
  .filter((lines) => lines.length > 0);
const twoCommands = outreachBlocks[0] ?? [];
const startCommand = twoCommands.find((line) => line.startsWith('./outreach start'));
/** The README's bounded form of the test command: one package and what it depends on. */
const boundedTest = outreachBlocks.flat().find((line) => /^\.\/outreach test --filter \S+$/.test(line));

/** Whether `version` (vX.Y.Z) is at least the `>=X.Y.Z` of `range`. */
function satisfies(version: string, range: string): boolean {
  const have = version.replace(/^v/, '').split('.').map(Number);
  const need = range
    .replace(/^>=\s*/, '')
    .split('.')
    .map(Number);
  const first = have.findIndex((part, index) => part !== need[index]);
  return first === -1 || (have[first] ?? 0) > (need[first] ?? 0);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Pids of the processes still in process group `group`. */
function groupPids(group: number): number[] {
  return execFileSync('ps', ['-eo', 'pid=,pgid='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter(([, pgid]) => pgid === group)
    .map(([pid]) => pid as number);
}

// Everything a command starts runs in a process group of its own (its leader's pid), as in a
// terminal. Whatever happens to a test, the group is stopped: SIGTERM first, so that the service
// stops what it started outside it (the build's own group), SIGKILL after a grace; and SIGKILL if
// the worker itself goes.
const processes = createChildProcesses({ graceMs: 15_000 });
const started: ChildProcess[] = [];
const killAll = () => {
  for (const child of started) {
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
};
process.once('exit', killAll);

/** Runs a README command line (plain words, no shell syntax) in `cwd`, as a newcomer would. */
function run(line: string, cwd: string, env: NodeJS.ProcessEnv) {
  const [command, ...args] = line.split(/\s+/);
  const child = processes.start(command as string, args, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    /** Its pid, which is also its process group's id. */
    pid: child.pid as number,
    output: () => output,
    exited,
    hasExited: () => child.exitCode !== null || child.signalCode !== null,
  };
}

async function waitUntil(what: string, done: () => boolean, timeoutMs: number, log: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${log().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

let home: string;
let clone: string;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'outreach-two-commands-home-'));
  clone = join(home, 'outreach');
  execFileSync('git', ['clone', '-q', repoRoot, clone]);
  const npmCache = execFileSync('npm', ['config', 'get', 'cache'], { encoding: 'utf8' }).trim();
  // `pnpm store path` names the store's versioned folder inside the store directory.
  const store = dirname(execFileSync('pnpm', ['store', 'path'], { cwd: repoRoot, encoding: 'utf8' }).trim());
  env = newcomerEnv(home, {
    npm_config_cache: npmCache,
    pnpm_config_store_dir: store,
    MONGO_BACKEND: 'emulator',
    API_PORT: String(await freePort()),
    SANDBOX_PORT: String(await freePort()),
    MONGO_PORT: String(await freePort()),
    LLM_SIMULATOR_PORT: String(await freePort()),
    ...(process.env['CHROMIUM_PATH'] ? { CHROMIUM_PATH: process.env['CHROMIUM_PATH'] } : {}),
  });
});

afterAll(async () => {
  await processes.stopAll();
  process.removeListener('exit', killAll);
  if (home) rmSync(home, { recursive: true, force: true });
});

describe("the README's two commands, on a fresh clone with the machine's older Node", () => {
  it('are ./outreach start and ./outreach test, with a bounded form of the test for one package', () => {
    expect(twoCommands).toEqual(['./outreach start', './outreach test']);
    expect(startCommand).toBe('./outreach start');
    expect(boundedTest).toBeDefined();
  });

  it('./outreach start installs what is missing, brings the service up, and Ctrl-C stops every process', async () => {
    const start = run(startCommand as string, clone, env);
    await waitUntil(
      'the service to come up',
      () => start.output().includes('Written to ') || start.hasExited(),
      270_000,
      start.output,
    );
    const output = start.output();
    expect(output, output.slice(-4000)).toContain('The outreach service is up');

    const machineNode = execFileSync(join(startingNodeDir(), 'node'), ['--version'], {
      encoding: 'utf8',
    }).trim();
    if (satisfies(machineNode, packageJson.engines.node)) {
      expect(output).toContain(`[outreach] node ${machineNode}`);
    } else {
      expect(output).toContain(`[outreach] installing node ${pinnedNode}`);
      expect(output).toContain(`[outreach] node v${pinnedNode}`);
    }
    expect(output).toContain(`[outreach] installing pnpm ${pinnedPnpm}`);
    expect(output).toContain("[outreach] installing the workspace's dependencies");
    const pnpm = join(home, '.cache', 'outreach-toolchain', `pnpm-${pinnedPnpm}`, 'bin', 'pnpm');
    expect(execFileSync(pnpm, ['--version'], { encoding: 'utf8' }).trim()).toBe(pinnedPnpm);

    const stateFile = join(clone, '.outreach', 'dev.json');
    expect(existsSync(stateFile)).toBe(true);
    const { apiUrl } = JSON.parse(readFileSync(stateFile, 'utf8')) as { apiUrl: string };
    expect((await fetch(`${apiUrl}/healthz`)).status).toBe(200);
    const children = [...output.matchAll(/\] started \(pid (\d+)\)/g)].map((match) => Number(match[1]));
    expect(children.length).toBeGreaterThanOrEqual(6);

    // SIGINT to the command's own process: what Ctrl-C sends (to the terminal's foreground group,
    // this process among them) and what a supervisor's `kill -INT <pid>` sends. It stops the
    // service only if the command handed its process over to it or passes the signal on.
    process.kill(start.pid, 'SIGINT');
    await waitUntil('the command to exit after SIGINT', start.hasExited, 60_000, start.output);
    expect(await start.exited, start.output().slice(-4000)).toBe(0);
    expect(start.output()).toContain('stopping...');
    expect(children.filter(isRunning)).toEqual([]);
    expect(groupPids(start.pid)).toEqual([]);
  }, 330_000);

  it('./outreach test then runs the format check, lint, typecheck, build and tests, installing nothing again', async () => {
    const line = boundedTest as string;
    const filter = line.replace('./outreach test ', '');
    const test = run(line, clone, env);
    const code = await test.exited;
    const output = test.output();
    expect(code, output.slice(-4000)).toBe(0);
    expect(output).not.toContain('[outreach] installing');
    for (const step of [
      'prettier --check .',
      `turbo run lint ${filter}`,
      `turbo run typecheck ${filter}`,
      `turbo run build ${filter}`,
      `scripts/test.mjs ${filter}`,
    ])
      expect(output).toContain(step);
    expect(output).toMatch(/Tests: [1-9]\d* passed, 0 failed, 0 skipped/);
  }, 240_000);
});
