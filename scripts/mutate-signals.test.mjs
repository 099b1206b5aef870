// `pnpm mutate` stopped mid-run leaves the working tree as it was, against the real Stryker: run by
// hand (about a minute and a half), `node --test scripts/mutate-signals.test.mjs`. It clones this
// repository into the temporary directory, brings over the working tree's mutation-testing files
// (scripts/mutate.mjs, stryker.shared.mjs, the stryker.config.mjs files) and commits them there,
// installs from pnpm's store (offline), then starts a run of packages/domain on one small module
// and, once Stryker has finished its initial test run (its mutants are in the sources it runs
// from), stops it: `pnpm mutate` with SIGTERM (what `timeout` sends), then `node
// scripts/mutate.mjs` itself with SIGKILL. After each, the clone's `git status` must be empty, with
// no `.stryker-tmp` or setup file, and Stryker's copy and processes must be gone. The fast version,
// with a stand-in for Stryker, runs in `pnpm test` (e2e/test/mutate.test.ts).
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  readlinkSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, test } from 'node:test';

const repo = realpathSync(new URL('..', import.meta.url).pathname);
const base = realpathSync(mkdtempSync(join(tmpdir(), 'mutate-signals-')));
const clone = join(base, 'repo');
const temp = join(base, 'tmp'); // the runs' TMPDIR: their copies go there
const MODULE = 'src/variable-name.rules.ts';
// Printed once the dry run is over: from then on Stryker runs mutant after mutant.
const MUTATING = /Initial test run succeeded/;

function git(...args) {
  return execFileSync('git', ['-c', 'user.name=test', '-c', 'user.email=test@example.com', ...args], {
    cwd: clone,
    encoding: 'utf8',
  });
}

before(() => {
  const started = Date.now();
  mkdirSync(temp);
  execFileSync('git', ['clone', '-q', repo, clone]);
  const files = [
    'scripts/mutate.mjs',
    'stryker.shared.mjs',
    ...execFileSync('git', ['ls-files', '*stryker.config.*'], { cwd: repo, encoding: 'utf8' }).split('\n'),
  ].filter((path) => path !== '' && existsSync(join(repo, path)));
  for (const path of files) cpSync(join(repo, path), join(clone, path));
  git('add', '-A');
  git('commit', '-q', '--allow-empty', '-m', 'the working tree’s mutation testing');
  execFileSync('pnpm', ['install', '--offline', '--frozen-lockfile'], { cwd: clone, stdio: 'ignore' });
  console.log(`clone and install: ${Date.now() - started} ms`);
});

after(() => rmSync(base, { recursive: true, force: true }));

/** The processes whose working directory is in `dir` (Linux; none found elsewhere). */
function processesIn(dir) {
  if (!existsSync('/proc/self/cwd')) return [];
  return readdirSync('/proc').filter((entry) => {
    if (!/^\d+$/.test(entry)) return false;
    try {
      const cwd = readlinkSync(`/proc/${entry}/cwd`);
      return cwd === dir || cwd.startsWith(`${dir}/`);
    } catch {
      return false;
    }
  });
}

async function until(condition, what, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still not ${what} after ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts a run, stops it with `signal` once Stryker mutates, and checks the clone is untouched. */
async function stopMidRun(command, args, signal) {
  const started = Date.now();
  const child = spawn(command, args, {
    cwd: clone,
    env: { ...process.env, TMPDIR: temp },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', (code, sig) => resolve({ code, signal: sig })));
  const mutating = new Promise((resolve, reject) => {
    const read = (chunk) => {
      output += chunk.toString();
      if (MUTATING.test(output)) resolve();
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    exited.then(() => reject(new Error(`the run ended before Stryker mutated:\n${output}`)));
  });
  await mutating;
  const mutatingAfter = Date.now() - started;

  const [copyName, ...others] = readdirSync(temp);
  assert.equal(others.length, 0);
  const copy = join(temp, copyName);
  assert.match(readFileSync(join(copy, 'packages/domain', MODULE), 'utf8'), /stryMutAct_9fa48/);
  assert.equal(git('status', '--porcelain'), '');

  child.kill(signal);
  const result = await exited;
  await until(() => !existsSync(copy), 'the copy deleted');
  await until(() => processesIn(copy).length === 0, "Stryker's processes stopped");
  const stoppedAfter = Date.now() - started - mutatingAfter;

  assert.equal(git('status', '--porcelain'), '');
  for (const group of ['packages', 'apps']) {
    for (const name of readdirSync(join(clone, group))) {
      const dir = join(clone, group, name);
      assert.ok(!existsSync(join(dir, '.stryker-tmp')), `${relative(clone, dir)}/.stryker-tmp`);
      assert.deepEqual(
        readdirSync(dir).filter((file) => file.startsWith('stryker-setup')),
        [],
      );
    }
  }
  assert.deepEqual(readdirSync(temp), []);
  console.log(`${signal}: mutating after ${mutatingAfter} ms, all gone ${stoppedAfter} ms after the signal`);
  return result;
}

test('pnpm mutate stopped with SIGTERM once Stryker mutates leaves the clone untouched', async () => {
  const result = await stopMidRun('pnpm', ['mutate', 'domain', '--mutate', MODULE], 'SIGTERM');
  assert.notEqual(result.code, 0);
});

test('scripts/mutate.mjs killed with SIGKILL once Stryker mutates leaves the clone untouched', async () => {
  const result = await stopMidRun(
    process.execPath,
    ['scripts/mutate.mjs', 'domain', '--mutate', MODULE],
    'SIGKILL',
  );
  assert.equal(result.signal, 'SIGKILL');
});
