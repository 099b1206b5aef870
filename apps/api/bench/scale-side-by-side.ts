/**
 * The scale bench (scale.bench.ts) on two versions of the code in one run: "before" is a commit
 * (BENCH_BEFORE, default 7b2bfff, the code before the cost work) checked out in a temporary git
 * worktree and installed offline, "after" is this checkout. Per size (BENCH_SIZES, as for the
 * bench), before then after, each a bench process of its own with its own database process; then
 * one table: median ms per request, round trips in brackets, and the after column's ratio from the
 * smallest size to the largest.
 *
 *   pnpm bench:scale:compare         (BENCH_BEFORE=<rev>, BENCH_SIZES=1000 for one size)
 *
 * The before tree runs this checkout's bench files (they guard what differs, so one set runs on
 * both). The worktree is removed at the end, also when the run fails or is stopped. Exits 1 when a
 * run or a cell failed; the bench's own targets are not checked here (before misses them).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { JsonRow } from './scale.bench.js';

const BEFORE = process.env['BENCH_BEFORE'] ?? '7b2bfff';
const SIZES = (process.env['BENCH_SIZES'] ?? '1000,10000,100000').split(',').map(Number);
const SIDES = ['before', 'after'] as const;
type Side = (typeof SIDES)[number];

const benchDir = dirname(fileURLToPath(import.meta.url));
const apiDir = dirname(benchDir);

let running: ChildProcess | null = null;
let stoppedBy: string | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    stoppedBy = signal;
    // Each child leads a process group of its own, so a bench stops with the database it started.
    if (running?.pid !== undefined) {
      try {
        process.kill(-running.pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
  });
}

/** Runs a command to its end; resolves its exit code (1 when a signal ended it). */
function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  if (stoppedBy) return Promise.reject(new Error(`stopped by ${stoppedBy}`));
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
    running = child;
    child.once('error', reject);
    child.once('exit', (code) => {
      running = null;
      resolve(code ?? 1);
    });
  });
}

async function mustRun(command: string, args: string[], cwd: string, env?: NodeJS.ProcessEnv): Promise<void> {
  const code = await run(command, args, cwd, env);
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}`);
}

const git = (args: string[], cwd: string): string =>
  execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

async function main(): Promise<void> {
  const root = git(['rev-parse', '--show-toplevel'], apiDir);
  const before = git(['rev-parse', '--short', `${BEFORE}^{commit}`], root);
  const dirty = git(['status', '--porcelain'], root) !== '';
  const after = `${git(['rev-parse', '--short', 'HEAD'], root)}${dirty ? ' with uncommitted changes' : ''}`;
  console.log(`before: ${before} (${git(['log', '-1', '--format=%s', before], root).slice(0, 100)})`);
  console.log(`after: ${after}; sizes ${SIZES.join(', ')}`);

  const temp = mkdtempSync(join(tmpdir(), 'scale-side-by-side-'));
  const tree = join(temp, 'before');
  const results: Record<Side, Map<number, JsonRow[] | null>> = { before: new Map(), after: new Map() };
  try {
    await mustRun('git', ['worktree', 'add', '--detach', tree, before], root);
    await mustRun('pnpm', ['install', '--frozen-lockfile', '--offline'], tree, {
      ...process.env,
      MONGOMS_DISABLE_POSTINSTALL: '1',
    });
    const beforeApi = join(tree, 'apps', 'api');
    cpSync(benchDir, join(beforeApi, 'bench'), { recursive: true });
    linkMongoose(tree);
    const dirs: Record<Side, string> = { before: beforeApi, after: apiDir };
    for (const size of SIZES) {
      for (const side of SIDES) {
        const file = join(temp, `${side}-${size}.json`);
        console.log(`\n== ${side}, ${size} leads (load average ${loadavg()[0]?.toFixed(1)}) ==`);
        const started = performance.now();
        const code = await run(
          process.execPath,
          ['--conditions=source', '--import', 'tsx', 'bench/scale.bench.ts'],
          dirs[side],
          { ...process.env, BENCH_SIZES: String(size), BENCH_JSON: file },
        );
        if (stoppedBy) throw new Error(`stopped by ${stoppedBy}`);
        console.log(
          `${side} ${size}: exit ${code} after ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
        // Exit 1 with the cells written is the bench's missed targets; without them the run failed.
        results[side].set(
          size,
          existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as JsonRow[]) : null,
        );
      }
    }
  } finally {
    removeWorktree(root, tree);
    rmSync(temp, { recursive: true, force: true });
  }
  console.log(`\nbefore ${before}, after ${after}; median ms per request, round trips in brackets:\n`);
  const failures = printTable(results);
  if (failures.length > 0) {
    console.log(`\nfailed:\n${failures.map((line) => `- ${line}`).join('\n')}`);
    process.exitCode = 1;
  }
}

/**
 * The bench reads the seeded records through mongoose, which the API names as a dependency of its
 * own only since the bench exists; an older tree gets the one its data layer uses.
 */
function linkMongoose(tree: string): void {
  const link = join(tree, 'apps', 'api', 'node_modules', 'mongoose');
  if (!existsSync(link)) symlinkSync(join(tree, 'packages', 'db', 'node_modules', 'mongoose'), link, 'dir');
}

function removeWorktree(root: string, tree: string): void {
  try {
    // --force: the tree holds its install and the copied bench files.
    if (existsSync(tree)) execFileSync('git', ['worktree', 'remove', '--force', tree], { cwd: root });
  } catch (error) {
    console.error(`could not remove the worktree at ${tree}: ${String(error)}`);
  } finally {
    // A worktree whose directory went another way is forgotten too.
    execFileSync('git', ['worktree', 'prune'], { cwd: root });
  }
}

const label = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n));
const ms = (value: number) => (value >= 1000 ? Math.round(value).toLocaleString('en-US') : value.toFixed(1));

/** Prints endpoint x (before, after per size) and the after ratio; returns the runs and cells that failed. */
function printTable(results: Record<Side, Map<number, JsonRow[] | null>>): string[] {
  const failures: string[] = [];
  const endpoints: string[] = [];
  for (const side of SIDES) {
    for (const [size, rows] of results[side]) {
      if (rows === null)
        failures.push(`${side} at ${label(size)}: the bench wrote no cells (see its output)`);
      for (const row of rows ?? []) {
        if (!endpoints.includes(row.endpoint)) endpoints.push(row.endpoint);
        if (row.failed !== undefined)
          failures.push(`${side} ${row.endpoint} at ${label(size)}: ${row.failed}`);
      }
    }
  }
  const cellOf = (side: Side, size: number, endpoint: string) =>
    results[side].get(size)?.find((row) => row.endpoint === endpoint);
  const text = (row: JsonRow | undefined) =>
    row?.ms == null
      ? row?.failed === undefined
        ? 'not run'
        : 'failed'
      : `${ms(row.ms)} (${row.roundTrips})`;
  const first = SIZES[0] as number;
  const last = SIZES[SIZES.length - 1] as number;
  const ratio = SIZES.length > 1;
  const header = [
    'endpoint',
    ...SIZES.flatMap((size) => SIDES.map((side) => `${side} ${label(size)}`)),
    ...(ratio ? [`after ${label(last)}/${label(first)}`] : []),
  ];
  const lines = endpoints.map((endpoint) => {
    const from = cellOf('after', first, endpoint)?.ms;
    const to = cellOf('after', last, endpoint)?.ms;
    return [
      endpoint,
      ...SIZES.flatMap((size) => SIDES.map((side) => text(cellOf(side, size, endpoint)))),
      ...(ratio ? [from == null || to == null ? '-' : `${(to / Math.max(from, 0.001)).toFixed(2)}x`] : []),
    ];
  });
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => (line[i] ?? '').length)),
  );
  const format = (cells: string[]) =>
    `| ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join(' | ')} |`;
  console.log(format(header));
  console.log(
    `| ${widths.map((width, i) => (i === 0 ? '-'.repeat(width) : `${'-'.repeat(width - 1)}:`)).join(' | ')} |`,
  );
  for (const line of lines) console.log(format(line));
  return failures;
}

await main();
