// De-risks `pnpm mutate` leaving the working tree changed: Stryker runs in place (it writes its
// mutants into the sources it tests), and a run stopped by a signal once left 43 instrumented files
// of packages/domain/src behind, with `.stryker-tmp` and a setup file. scripts/mutate.mjs now runs
// Stryker only in a copy of the workspace in the temporary directory and deletes that copy however
// the run ends. Here it runs in a small git workspace of its own with a stand-in for Stryker that
// does what Stryker does in place (instruments a source, keeps a backup, writes a setup file, starts
// a worker) and then waits, and the script is stopped with each signal while it waits. The same
// against the real Stryker and a clone of this repository: scripts/mutate-signals.test.mjs, by hand.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const repoRoot = realpathSync(fileURLToPath(new URL('../..', import.meta.url)));
const ORIGINAL = 'export const answer = 42;\n';

// What Stryker does in place, from the package directory it is started in, then wait (or end
// with a report, given `--finish`). It refuses to run anywhere but the copy the script made.
const FAKE_STRYKER = `
const { mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } = require('node:fs');
const { spawn } = require('node:child_process');
const workspace = realpathSync('../..');
if (process.env.OUTREACH_MUTATION_COPY !== workspace) {
  console.error('fake stryker: not in the copy');
  process.exit(3);
}
mkdirSync('.stryker-tmp/backup-fake/src', { recursive: true });
writeFileSync('.stryker-tmp/backup-fake/src/rules.ts', readFileSync('src/rules.ts'));
writeFileSync('src/rules.ts', 'function stryNS_9fa48() {}\\nexport const answer = stryMutAct_9fa48("0") ? 0 : 42;\\n');
writeFileSync('stryker-setup-0.js', '');
const worker = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
const other = realpathSync('node_modules/@fake/other');
console.log(JSON.stringify({ copy: workspace, worker: worker.pid, other }));
console.log('Mutation testing started');
if (process.argv.includes('--finish')) {
  mkdirSync('reports/mutation', { recursive: true });
  writeFileSync('reports/mutation/mutation.json', '{"fake":true}');
  writeFileSync('src/rules.ts', readFileSync('.stryker-tmp/backup-fake/src/rules.ts'));
  rmSync('.stryker-tmp', { recursive: true });
  worker.kill();
  process.exit(0);
}
setInterval(() => {}, 1000);
`;

interface Workspace {
  dir: string;
  /** The TMPDIR the script runs with: the copies it makes go there, and nothing is left in it. */
  temp: string;
}

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function git(dir: string, ...args: string[]): string {
  const result = spawnSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], {
    cwd: dir,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** A committed workspace with one package under mutation testing and a workspace link in it. */
function makeWorkspace(): Workspace {
  const base = mkdtempSync(join(tmpdir(), 'mutate-test-'));
  made.push(base);
  const dir = join(base, 'workspace');
  const temp = join(base, 'tmp');
  mkdirSync(temp);
  write(join(dir, 'package.json'), '{ "name": "fake", "private": true, "type": "module" }\n');
  write(join(dir, '.gitignore'), 'node_modules/\nreports/\n.stryker-tmp/\nstryker-setup-*.js\n');
  cpSync(join(repoRoot, 'scripts/mutate.mjs'), join(dir, 'scripts/mutate.mjs'));
  write(join(dir, 'packages/demo/package.json'), '{ "name": "@fake/demo", "type": "module" }\n');
  write(join(dir, 'packages/demo/stryker.config.mjs'), 'export default {};\n');
  write(join(dir, 'packages/demo/src/rules.ts'), ORIGINAL);
  // A test may name Stryker's markers (this one does) without passing for a leftover.
  write(join(dir, 'packages/demo/src/rules.test.ts'), "// not 'stryMutAct_9fa48' nor '__stryker__'\n");
  write(join(dir, 'packages/other/package.json'), '{ "name": "@fake/other", "type": "module" }\n');
  write(join(dir, 'packages/other/src/index.ts'), 'export const other = 1;\n');
  mkdirSync(join(dir, 'packages/demo/node_modules/@fake'), { recursive: true });
  symlinkSync('../../../other', join(dir, 'packages/demo/node_modules/@fake/other'));
  const core = join(dir, 'node_modules/@stryker-mutator/core');
  write(
    join(core, 'package.json'),
    JSON.stringify({
      name: '@stryker-mutator/core',
      bin: { stryker: './bin/stryker.js' },
      exports: { './package.json': './package.json' },
    }),
  );
  write(join(core, 'bin/stryker.js'), FAKE_STRYKER);
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'workspace');
  return { dir, temp };
}

interface Run {
  child: ChildProcess;
  output: () => string;
  /** What the stand-in reports once it has instrumented the copy; rejects if the script ends first. */
  started: Promise<{ copy: string; worker: number; other: string }>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function mutate({ dir, temp }: Workspace, ...args: string[]): Run {
  const child = spawn(process.execPath, ['scripts/mutate.mjs', 'demo', ...args], {
    cwd: dir,
    env: { ...process.env, TMPDIR: temp },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const started = new Promise<{ copy: string; worker: number; other: string }>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((candidate) => candidate.startsWith('{"copy"'));
      if (line && output.includes('Mutation testing started')) resolve(JSON.parse(line));
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then(() => reject(new Error(`mutate.mjs ended before Stryker started:\n${output}`)));
  });
  started.catch(() => {});
  return { child, output: () => output, started, exited };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still not ${what} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function expectUntouched({ dir, temp }: Workspace): void {
  expect(git(dir, 'status', '--porcelain')).toBe('');
  expect(readFileSync(join(dir, 'packages/demo/src/rules.ts'), 'utf8')).toBe(ORIGINAL);
  expect(existsSync(join(dir, 'packages/demo/.stryker-tmp'))).toBe(false);
  expect(readdirSync(join(dir, 'packages/demo')).filter((name) => name.startsWith('stryker-setup'))).toEqual(
    [],
  );
  expect(readdirSync(temp)).toEqual([]);
}

describe('pnpm mutate', () => {
  it.each([
    ['SIGTERM', 143],
    ['SIGINT', 130],
    ['SIGHUP', 129],
  ] as const)(
    'stopped with %s while Stryker mutates, leaves the tree untouched and no copy',
    async (signal, code) => {
      const workspace = makeWorkspace();
      const run = mutate(workspace);
      const { copy, worker, other } = await run.started;
      // Stryker instrumented the copy, in the temporary directory, with the workspace links into it.
      expect(copy.startsWith(workspace.temp)).toBe(true);
      expect(readFileSync(join(copy, 'packages/demo/src/rules.ts'), 'utf8')).toContain('stryMutAct_9fa48');
      expect(other).toBe(join(copy, 'packages/other'));
      expect(git(workspace.dir, 'status', '--porcelain')).toBe('');

      run.child.kill(signal);
      expect(await run.exited).toEqual({ code, signal: null });
      expect(run.output()).toContain(`${signal}: mutation testing stopped`);
      await until(() => !isRunning(worker), "Stryker's worker stopped");
      expect(existsSync(copy)).toBe(false);
      expectUntouched(workspace);
    },
  );

  it('killed outright (SIGKILL), leaves the tree untouched, and its watcher stops Stryker and deletes the copy', async () => {
    const workspace = makeWorkspace();
    const run = mutate(workspace);
    const { copy, worker } = await run.started;

    run.child.kill('SIGKILL');
    expect(await run.exited).toEqual({ code: null, signal: 'SIGKILL' });
    await until(() => !isRunning(worker), "Stryker's worker stopped");
    await until(() => !existsSync(copy), 'the copy deleted');
    expectUntouched(workspace);
  });

  it('copies the reports back when Stryker ends, and deletes the copy', async () => {
    const workspace = makeWorkspace();
    const run = mutate(workspace, '--finish');
    const { copy } = await run.started;
    expect(await run.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(copy)).toBe(false);
    expect(readFileSync(join(workspace.dir, 'packages/demo/reports/mutation/mutation.json'), 'utf8')).toBe(
      '{"fake":true}',
    );
    expectUntouched(workspace);
  });

  it("refuses to start over an older version's leftovers, and says how to clean them", async () => {
    const workspace = makeWorkspace();
    const pkg = join(workspace.dir, 'packages/demo');
    // What an in-place run killed midway left: an instrumented source, one Stryker reprinted with
    // no mutant in it (only its backup tells), the backups and the vitest runner's setup file.
    write(join(pkg, 'src/types.ts'), 'export type Answer = (typeof answers)[number];\n');
    git(workspace.dir, 'add', '-A');
    git(workspace.dir, 'commit', '-q', '-m', 'types');
    write(join(pkg, '.stryker-tmp/backup-old/src/rules.ts'), ORIGINAL);
    write(
      join(pkg, '.stryker-tmp/backup-old/src/types.ts'),
      'export type Answer = (typeof answers)[number];\n',
    );
    write(join(pkg, 'src/rules.ts'), 'export const answer = stryMutAct_9fa48("0") ? 0 : 42;\n');
    write(join(pkg, 'src/types.ts'), 'export type Answer = typeof answers[number];\n');
    write(join(pkg, 'stryker-setup-0.js'), '');

    const run = mutate(workspace);
    expect(await run.exited).toEqual({ code: 2, signal: null });
    const output = run.output();
    expect(output).toContain('git checkout -- packages/demo/src/rules.ts packages/demo/src/types.ts');
    expect(output).toContain('rm -rf packages/demo/.stryker-tmp packages/demo/stryker-setup-0.js');
    expect(output).not.toContain('Mutation testing started');
    expect(readdirSync(workspace.temp)).toEqual([]);
  });

  it("won't let Stryker load its config outside the script's copy", () => {
    const load = (env: NodeJS.ProcessEnv) =>
      spawnSync(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const { strykerConfig } = await import(${JSON.stringify(join(repoRoot, 'stryker.shared.mjs'))});
           strykerConfig({ mutate: ['src/**/*.ts'] });`,
        ],
        { env, encoding: 'utf8' },
      );
    const { OUTREACH_MUTATION_COPY: _copy, ...withoutCopy } = process.env;
    const inTree = load(withoutCopy);
    expect(inTree.status).not.toBe(0);
    expect(inTree.stderr).toContain('pnpm mutate');
    const inCopy = load({ ...withoutCopy, OUTREACH_MUTATION_COPY: repoRoot });
    expect(inCopy.stderr).toBe('');
    expect(inCopy.status).toBe(0);
  });
});
