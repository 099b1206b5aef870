#!/usr/bin/env node
// Mutation testing by hand: `pnpm mutate [package ...] [stryker options]`, e.g.
//   pnpm mutate domain --mutate src/working-hours.schedule.ts
// runs StrykerJS in each named package (by directory name) that has a `stryker.config.mjs`, or in
// all of them when none is named, one after the other. Options go to `stryker run` as they are;
// `--mutate` globs are relative to the package; several go in one comma-separated `--mutate`
// (a second `--mutate` replaces the first).
//
// Stryker runs in place (see stryker.shared.mjs): it writes its mutants into the sources it tests.
// So it never runs in this working tree, but in a copy of it in the system's temporary directory
// (the files git would list, tracked or not, ignored ones left out; each `node_modules` linked,
// the workspace's own links pointing into the copy). Only the reports (`reports/`, the incremental
// file among them) are copied back. The copy is deleted however the run ends: by this script when
// Stryker ends, on SIGINT, SIGTERM and SIGHUP, or on a crash; when this script is killed outright
// (SIGKILL), by a small watcher process that sees it gone, stops Stryker and deletes the copy.
// Nothing is ever written to the working tree but the reports, whatever stops the run. It will not
// start while the tree holds what an interrupted in-place run of an older version left (sources
// with mutants, `.stryker-tmp`, `stryker-setup-*.js`); it prints the commands that clean them up.
import { spawn, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync,
  copyFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { constants, tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** The environment variable that tells stryker.shared.mjs which copy it may run in. */
export const COPY_VARIABLE = 'OUTREACH_MUTATION_COPY';
/** Every copy's directory name starts with this; the watcher deletes nothing else. */
export const COPY_PREFIX = 'outreach-mutate-';

// What Stryker's instrumenter writes into every file it mutates (its global namespace and helpers).
const INSTRUMENTED = /__stryker__|stry(?:NS|Cov|MutAct)_9fa48/;
const SOURCE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/;
const TEST_FILE = /\.(?:test|spec)\.[^/]*$/;
// Directories that hold no source of a package: skipped when looking for instrumented sources.
const NOT_SOURCE = new Set(['node_modules', 'dist', 'coverage', 'reports', '.stryker-tmp', '.turbo']);

/**
 * What an interrupted in-place run of an older version of this script may have left in the tree at
 * `root`: `changed`, the sources Stryker rewrote (holding its mutants, or reprinted without any:
 * those differ from the backup it kept in `.stryker-tmp/backup-*`), and `debris`, its
 * `.stryker-tmp` directories and the vitest runner's `stryker-setup-*.js` files. Paths relative to
 * `root`.
 */
export function findLeftovers(root) {
  const changed = new Set();
  const debris = [];
  for (const dir of [root, ...workspaceDirs(root)]) {
    const temp = join(dir, '.stryker-tmp');
    if (existsSync(temp)) {
      debris.push(relative(root, temp) || '.stryker-tmp');
      for (const backup of readdirSync(temp).filter((name) => name.startsWith('backup'))) {
        for (const file of allFiles(join(temp, backup))) {
          const source = join(dir, relative(join(temp, backup), file));
          if (!existsSync(source) || !readFileSync(source).equals(readFileSync(file))) {
            changed.add(relative(root, source));
          }
        }
      }
    }
    for (const name of readdirSync(dir)) {
      if (/^stryker-setup-.*\.js$/.test(name)) debris.push(relative(root, join(dir, name)));
    }
    // What Stryker mutates: the modules under `src/` of a package with a config, not its tests
    // (which may well name the markers, as e2e/test/mutate.test.ts does).
    if (!existsSync(join(dir, 'stryker.config.mjs')) || !existsSync(join(dir, 'src'))) continue;
    for (const file of sourceFiles(join(dir, 'src'))) {
      if (TEST_FILE.test(file)) continue;
      if (INSTRUMENTED.test(readFileSync(file, 'utf8'))) changed.add(relative(root, file));
    }
  }
  return { changed: [...changed].sort(), debris: debris.sort() };
}

/** The refusal printed when `findLeftovers` found anything, with the commands that clean up. */
export function leftoversMessage(root, { changed, debris }, tracked) {
  const restorable = changed.filter((path) => tracked.has(path));
  const untracked = changed.filter((path) => !tracked.has(path));
  const lines = [
    'pnpm mutate will not start: an interrupted run of an older version (which ran Stryker in place)',
    'left the working tree changed.',
  ];
  if (changed.length > 0) {
    lines.push(
      '',
      'Sources Stryker rewrote (with its mutants in them):',
      ...changed.map((path) => `  ${path}`),
    );
  }
  if (debris.length > 0) lines.push('', "Stryker's leftovers:", ...debris.map((path) => `  ${path}`));
  lines.push('', `Clean up from the repository root (${root}), then run pnpm mutate again:`);
  if (restorable.length > 0) lines.push(`  git checkout -- ${restorable.map(shellQuote).join(' ')}`);
  if (changed.length > 0) {
    lines.push(
      '',
      'git checkout puts back the committed version of each source. If you had changed one before that',
      'run, take its pre-run version from the backup Stryker kept instead, before deleting anything:',
      '  <package>/.stryker-tmp/backup-*/<path in the package>',
    );
    if (untracked.length > 0) {
      lines.push(`Not known to git (restore them from that backup): ${untracked.map(shellQuote).join(' ')}`);
    }
  }
  if (debris.length > 0) {
    if (changed.length > 0) lines.push('then:');
    lines.push(`  rm -rf ${debris.map(shellQuote).join(' ')}`);
  }
  return lines.join('\n');
}

/**
 * Copies the workspace at `root` into a new directory `dir` (made by `makeCopyDir`): the files
 * git lists (tracked, or untracked but not ignored; every file but `node_modules`, `.git` and
 * build output without git), with each `node_modules` linked to the workspace's, except the links
 * to the workspace's own packages, which point to their copies.
 */
export function copyWorkspace(root, dir) {
  for (const path of workspaceFiles(root)) {
    const from = join(root, path);
    const to = join(dir, path);
    let stat;
    try {
      stat = lstatSync(from);
    } catch {
      continue; // tracked, but deleted in the working tree
    }
    mkdirSync(dirname(to), { recursive: true });
    if (stat.isSymbolicLink()) symlinkSync(readlinkSync(from), to);
    else if (stat.isFile()) copyFileSync(from, to);
  }
  if (existsSync(join(root, 'node_modules')))
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  for (const pkg of workspaceDirs(root)) {
    const modules = join(pkg, 'node_modules');
    if (existsSync(modules) && existsSync(join(dir, relative(root, pkg)))) {
      linkModules(root, dir, modules, join(dir, relative(root, modules)));
    }
  }
}

/** A new, empty directory for a copy, in the system's temporary directory. */
export function makeCopyDir() {
  return realpathSync(mkdtempSync(join(tmpdir(), COPY_PREFIX)));
}

/** Deletes a copy; a no-op when it is gone, and it refuses any directory not made by `makeCopyDir`. */
export function removeCopy(dir) {
  if (!isCopyDir(dir)) throw new Error(`Not a mutation testing copy: ${dir}`);
  rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
}

function isCopyDir(dir) {
  const temp = realpathSync(tmpdir());
  return resolve(dir) !== temp && dirname(resolve(dir)) === temp && basename(dir).startsWith(COPY_PREFIX);
}

// The watcher: it reads what the script tells it on stdin (`run <pid>` when Stryker starts in a
// process group of its own, `ended` when that group is gone, `done` once the copy is deleted). Its
// stdin ends when the script exits, however it exits; unless told `done`, it then kills Stryker's
// group and deletes the copy. It runs in a session of its own, so no signal meant for the script's
// terminal or process group stops it first.
const WATCHER = `
const { rmSync } = require('node:fs');
const dir = process.argv[1];
let group = 0, done = false, input = '';
const alive = () => groupAlive(group);
${groupAlive.toString()}
process.stdin.on('data', (chunk) => {
  input += chunk;
  const lines = input.split('\\n');
  input = lines.pop();
  for (const line of lines) {
    if (line.startsWith('run ')) group = Number(line.slice(4));
    else if (line === 'ended') group = 0;
    else if (line === 'done') done = true;
  }
});
const finish = async () => {
  if (done) process.exit(0);
  if (group > 0) {
    try { process.kill(-group, 'SIGKILL'); } catch {}
    for (let i = 0; i < 100 && alive(); i += 1) await new Promise((r) => setTimeout(r, 50));
  }
  rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  process.exit(0);
};
process.stdin.on('end', finish);
process.stdin.on('error', finish);
process.on('SIGHUP', () => {});
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
`;

/** Starts the watcher that deletes `dir` (and kills the Stryker it is told of) once we are gone. */
export function startWatcher(dir) {
  if (!isCopyDir(dir)) throw new Error(`Not a mutation testing copy: ${dir}`);
  const watcher = spawn(process.execPath, ['-e', WATCHER, dir], {
    detached: true,
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  watcher.unref();
  watcher.stdin.on('error', () => {});
  const tell = (line) => {
    if (watcher.stdin.writable) watcher.stdin.write(`${line}\n`);
  };
  return {
    pid: watcher.pid,
    running: (pid) => tell(`run ${pid}`),
    ended: () => tell('ended'),
    done: () => {
      tell('done');
      watcher.stdin.end();
    },
  };
}

function workspaceFiles(root) {
  const git = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (git.status === 0) {
    return git.stdout.split('\0').filter((path) => path !== '' && !path.split('/').includes('node_modules'));
  }
  // Not a git checkout (an unpacked archive): every file but dependencies and build output.
  const skip = new Set([...NOT_SOURCE, '.git', '.outreach']);
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && skip.has(entry.name)) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else files.push(relative(root, path));
    }
  };
  walk(root);
  return files;
}

function trackedFiles(root) {
  const git = spawnSync('git', ['ls-files', '-z'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  return new Set(git.status === 0 ? git.stdout.split('\0') : []);
}

/** The directories of the workspace's packages (each with a package.json), `e2e` included. */
function workspaceDirs(root) {
  const dirs = [];
  for (const group of ['packages', 'apps']) {
    if (!existsSync(join(root, group))) continue;
    for (const name of readdirSync(join(root, group))) dirs.push(join(root, group, name));
  }
  dirs.push(join(root, 'e2e'));
  return dirs.filter((dir) => existsSync(join(dir, 'package.json')));
}

function* allFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) yield* allFiles(join(dir, entry.name));
    else if (entry.isFile()) yield join(dir, entry.name);
  }
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!NOT_SOURCE.has(entry.name) && !entry.name.startsWith('.'))
        yield* sourceFiles(join(dir, entry.name));
    } else if (entry.isFile() && SOURCE_FILE.test(entry.name)) {
      yield join(dir, entry.name);
    }
  }
}

// A package's `node_modules` in the copy: a directory of links to what the workspace's holds, so
// that what tools cache there (vite's `.vite`, `.vite-temp`) stays in the copy, and the links to
// the workspace's own packages (`@outreach/*`) lead to their copies.
function linkModules(root, dir, from, to) {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.name.startsWith('.') && entry.name !== '.bin') continue;
    const source = join(from, entry.name);
    if (entry.isDirectory() && entry.name.startsWith('@')) {
      linkModules(root, dir, source, join(to, entry.name));
      continue;
    }
    let target;
    try {
      target = realpathSync(source);
    } catch {
      continue; // a dangling link
    }
    const inWorkspace = target.startsWith(root + sep) && !target.split(sep).includes('node_modules');
    symlinkSync(inWorkspace ? join(dir, relative(root, target)) : target, join(to, entry.name));
  }
}

function shellQuote(path) {
  return /^[\w./@+-]+$/.test(path) ? path : `'${path.replaceAll("'", "'\\''")}'`;
}

function strykerBin(root) {
  const manifest = createRequire(join(root, 'package.json')).resolve('@stryker-mutator/core/package.json');
  return join(dirname(manifest), JSON.parse(readFileSync(manifest, 'utf8')).bin.stryker);
}

async function main() {
  const root = realpathSync(fileURLToPath(new URL('..', import.meta.url)));
  const configured = workspaceDirs(root).filter((dir) => existsSync(join(dir, 'stryker.config.mjs')));

  const args = process.argv.slice(2).filter((arg) => arg !== '--');
  const firstOption = args.findIndex((arg) => arg.startsWith('-'));
  const names = firstOption === -1 ? args : args.slice(0, firstOption);
  const options = firstOption === -1 ? [] : args.slice(firstOption);
  const targets = names.length === 0 ? configured : names.map((name) => findPackage(root, configured, name));

  const leftovers = findLeftovers(root);
  if (leftovers.changed.length > 0 || leftovers.debris.length > 0) {
    console.error(leftoversMessage(root, leftovers, trackedFiles(root)));
    process.exit(2);
  }

  const copy = makeCopyDir();
  const watcher = startWatcher(copy);
  let stryker; // the running Stryker, in a process group of its own
  let finished = false;
  let stopping = false; // a signal came: its handler ends the run, not the loop below
  // `ended`: Stryker has exited; what is left of its group (a worker that outlived it) goes too.
  const stopStryker = (ended = false) => {
    if (stryker && (ended || (stryker.exitCode === null && stryker.signalCode === null))) {
      try {
        process.kill(-stryker.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  const cleanUp = () => {
    if (finished) return;
    finished = true;
    stopStryker();
    try {
      removeCopy(copy);
      watcher.done();
    } catch {
      // Something of Stryker's still writing in the copy: the watcher deletes it once we exit.
    }
  };
  process.on('exit', cleanUp);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      stopping = true;
      console.error(`\n${signal}: mutation testing stopped; deleting its copy of the workspace ${copy}`);
      stopStryker();
      // Wait for Stryker's group to be gone, so nothing of it writes into the copy being deleted.
      waitForGroup(stryker?.pid).then(() => {
        cleanUp();
        process.exit(128 + constants.signals[signal]);
      });
    });
  }

  console.log(`Copying the workspace to ${copy} (Stryker runs there, never in this tree)`);
  copyWorkspace(root, copy);
  const bin = strykerBin(root);
  for (const dir of targets) {
    const name = relative(root, dir);
    const inCopy = join(copy, name);
    if (existsSync(join(dir, 'reports')))
      cpSync(join(dir, 'reports'), join(inCopy, 'reports'), { recursive: true });
    console.log(`\nMutation testing ${name}`);
    stryker = spawn(process.execPath, [bin, 'run', 'stryker.config.mjs', ...options], {
      cwd: inCopy,
      stdio: 'inherit',
      detached: true,
      env: { ...process.env, [COPY_VARIABLE]: copy },
    });
    watcher.running(stryker.pid);
    const [code, signal] = await new Promise((done) => stryker.once('exit', (...result) => done(result)));
    if (stopping) return;
    await waitForGroup(stryker.pid);
    if (groupAlive(stryker.pid)) stopStryker(true);
    watcher.ended();
    if (existsSync(join(inCopy, 'reports'))) {
      cpSync(join(inCopy, 'reports'), join(dir, 'reports'), { recursive: true });
      console.log(`Reports copied to ${join(name, 'reports')} (the copy's paths above are deleted now)`);
    }
    if (code !== 0) {
      cleanUp();
      process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
    }
  }
  cleanUp();
}

// Stryker's workers share its process group; they may outlive it by a moment.
async function waitForGroup(pid) {
  if (!pid) return;
  for (let i = 0; i < 100 && groupAlive(pid); i += 1) await new Promise((done) => setTimeout(done, 50));
}

// Whether a process of group `group` still runs. Zombies do not count: a worker whose parent
// (Stryker) is gone waits for init to reap it, which can take seconds. Without /proc: any process.
function groupAlive(group) {
  let entries;
  try {
    entries = require('node:fs').readdirSync('/proc');
  } catch {
    try {
      process.kill(-group, 0);
      return true;
    } catch {
      return false;
    }
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = require('node:fs').readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid pgrp ...: comm may hold spaces and parentheses, the last ')' ends it.
    const [state, , pgrp] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(pgrp) === group && state !== 'Z' && state !== 'X') return true;
  }
  return false;
}

function findPackage(root, configured, name) {
  const dir = configured.find((candidate) => candidate.endsWith(`/${name}`));
  if (dir) return dir;
  const known = configured.map((candidate) => relative(root, candidate)).join(', ');
  console.error(`No stryker.config.mjs for "${name}"; packages with one: ${known}`);
  process.exit(2);
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
