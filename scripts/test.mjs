#!/usr/bin/env node
// Runs every package's tests through turbo, then adds up the results each package's vitest wrote
// to test-results.json (and the console's browser tests to test-results.browser.json, in the same
// fields) and prints one closing line with the totals.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
console.log(`Node.js ${process.version}`);
const args = process.argv.slice(2);
const started = Date.now();
// Two packages' suites at a time: each runs its own workers, servers and browsers, and more
// than two at once on a two-core machine starved the slower ones into timeouts. TEST_CONCURRENCY
// raises it on a bigger machine.
const concurrency = process.env.TEST_CONCURRENCY ?? '2';
const turbo = spawnSync(
  'pnpm',
  ['exec', 'turbo', 'run', 'test', '--continue', `--concurrency=${concurrency}`, ...args],
  {
    cwd: root,
    stdio: 'inherit',
  },
);

let passed = 0;
let failed = 0;
let skipped = 0;
const projects = [
  ...['packages', 'apps'].flatMap((group) =>
    readdirSync(join(root, group)).map((name) => join(root, group, name)),
  ),
  join(root, 'e2e'),
];
const reports = projects.flatMap((project) =>
  ['test-results.json', 'test-results.browser.json'].map((name) => join(project, name)),
);
const tested = new Set();
for (const file of reports) {
  if (!existsSync(file)) continue;
  const result = JSON.parse(readFileSync(file, 'utf8'));
  tested.add(join(file, '..'));
  passed += result.numPassedTests;
  failed += result.numFailedTests + (result.numRuntimeErrorTestSuites ?? 0);
  skipped += result.numPendingTests + result.numTodoTests;
}

// The console runs its browser tests even when its unit tests fail, and its script removes both
// reports first: unit results from this run without browser results mean the browser suite did
// not run (the stack or the build failed before any test), which must not pass for zero failures.
const consoleDir = join(root, 'apps', 'console');
const writtenNow = (name) =>
  existsSync(join(consoleDir, name)) && statSync(join(consoleDir, name)).mtimeMs >= started;
const browserMissing = writtenNow('test-results.json') && !writtenNow('test-results.browser.json');

console.log(`\n${tested.size} packages tested`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
if (browserMissing) console.error("The console's browser tests did not run (no test-results.browser.json).");
const ranNothing = passed + failed === 0;
if (ranNothing) console.error('no test was executed');
process.exit(turbo.status !== 0 || failed > 0 || ranNothing || browserMissing ? 1 : 0);
