#!/usr/bin/env node
// Mutation testing by hand: `pnpm mutate [package ...] [stryker options]`, e.g.
//   pnpm mutate domain --mutate src/working-hours.schedule.ts
// runs StrykerJS in each named package (by directory name) that has a `stryker.config.mjs`, or in
// all of them when none is named, one after the other. Options go to `stryker run` as they are;
// `--mutate` globs are relative to the package; several go in one comma-separated `--mutate`
// (a second `--mutate` replaces the first).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const configured = ['packages', 'apps']
  .flatMap((group) => readdirSync(join(root, group)).map((name) => join(root, group, name)))
  .filter((dir) => existsSync(join(dir, 'stryker.config.mjs')));

const args = process.argv.slice(2).filter((arg) => arg !== '--');
const firstOption = args.findIndex((arg) => arg.startsWith('-'));
const names = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);

const targets = names.length === 0 ? configured : names.map(findPackage);
for (const dir of targets) {
  console.log(`\nMutation testing ${relative(root, dir)}`);
  const stryker = spawnSync('pnpm', ['exec', 'stryker', 'run', 'stryker.config.mjs', ...options], {
    cwd: dir,
    stdio: 'inherit',
  });
  if (stryker.status !== 0) process.exit(stryker.status ?? 1);
}

function findPackage(name) {
  const dir = configured.find((candidate) => candidate.endsWith(`/${name}`));
  if (dir) return dir;
  const known = configured.map((candidate) => relative(root, candidate)).join(', ');
  console.error(`No stryker.config.mjs for "${name}"; packages with one: ${known}`);
  process.exit(2);
}
