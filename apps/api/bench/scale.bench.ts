/**
 * Cost that follows the request: seeds workspaces whose measured campaign holds 1k, 10k and 100k
 * leads (with a campaign as big beside it, activity and blocks in proportion; see scale-seed.ts),
 * then times each endpoint over real HTTP (median of 30 requests; a cell that has taken 20 s stops
 * at 5) and counts its database round trips with a wire proxy (median per request). Exits 1 when an endpoint at the largest size costs
 * more than 3x its figure at the smallest, or a round-trip target is missed.
 *
 *   pnpm bench:scale                 (BENCH_SIZES=1000,10000 to change the sizes)
 *
 * BENCH_JSON=<file> also writes the cells there, one `{ size, endpoint, ms, roundTrips }` row each
 * (a failed cell has `failed`, and ms and roundTrips null when no request answered before it
 * failed); scale-side-by-side.ts reads them.
 *
 * Without MONGODB_URI the database is the test kit's emulator, started as a separate process.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { connectDb } from '@outreach/db';
import { databaseUri } from '@outreach/mongo-testkit';
import mongoose from 'mongoose';
import { pino } from 'pino';
import { createApp } from '../src/app.js';
import { createToolPeopleRuntime } from '../src/auth/people-runtime.js';
import { databasePing } from '../src/database-ping.js';
import { createHttpServer } from '../src/http/http-server.js';
import { startDatabaseProcess } from './database-process.js';
import { call, seedWorkspace, type SeededWorkspace } from './scale-seed.js';
import { startWireCounter } from './wire-counter.js';

const SIZES = (process.env['BENCH_SIZES'] ?? '1000,10000,100000').split(',').map(Number);
const REQUESTS = 30;
const MIN_REQUESTS = 5;
const CELL_BUDGET_MS = 20_000;
const GROWTH_TARGET = 3;
const ROUND_TRIP_TARGETS: Record<string, number> = { 'campaign detail': 3 };
const DAY = 86_400_000;

interface Cell {
  ms: number;
  roundTrips: number;
}

interface Failure {
  size: number;
  endpoint: string;
  reason: string;
}

/** One cell as BENCH_JSON writes it. */
export interface JsonRow {
  size: number;
  endpoint: string;
  ms: number | null;
  roundTrips: number | null;
  failed?: string;
}

type Endpoint = [name: string, request: (ws: SeededWorkspace, i: number) => [string, string, unknown?]];

const now = new Date();
const window = `startDate=${new Date(now.getTime() - 30 * DAY).toISOString().slice(0, 10)}&endDate=${now.toISOString().slice(0, 10)}`;
const ENDPOINTS: Endpoint[] = [
  ['campaign detail', (ws) => ['GET', `/v1/campaigns/${ws.campaignId}`]],
  ['campaign list', () => ['GET', '/v1/campaigns']],
  ['campaign analytics, 30 days', (ws) => ['GET', `/v1/campaigns/${ws.campaignId}/analytics?${window}`]],
  ['workspace analytics with per-day series', () => ['GET', `/v1/analytics?${window}`]],
  ['campaign leads, first page', (ws) => ['GET', `/v1/campaigns/${ws.campaignId}/leads`]],
  ['conversations, first page', () => ['GET', '/v1/conversations']],
  ['block list search, first page', () => ['GET', '/v1/blocked-leads?search=blk-1']],
  [
    'import 100 leads',
    (ws, i) => [
      'POST',
      `/v1/campaigns/${ws.campaignId}/leads`,
      { leads: Array.from({ length: 100 }, (_, j) => ({ publicIdentifier: `import-${i}-${j}` })) },
    ],
  ],
];

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main(): Promise<void> {
  const external = process.env['MONGODB_URI'];
  const server = external ? null : await startDatabaseProcess();
  const base = new URL(external ?? server?.uri ?? '');
  const counter = await startWireCounter({ host: base.hostname, port: Number(base.port || 27017) });
  const name = `scale_bench_${randomBytes(4).toString('hex')}`;
  const uri = databaseUri(`mongodb://${counter.address}/${base.search}`, name);
  const db = await connectDb(uri);
  const raw = await mongoose.createConnection(uri).asPromise();
  // Code from before the clock was split in two (the "before" of scale-side-by-side.ts) reads
  // `clock`; each reads the ones it knows.
  const clocks = { productClock: () => new Date(), realClock: () => new Date(), clock: () => new Date() };
  const logger = pino({ level: 'silent' });
  const app = createApp({
    db,
    logger,
    people: createToolPeopleRuntime(db, logger),
    ...clocks,
    settings: { rateLimitPerMinute: 1_000_000, apiKeyCacheMs: 600_000, webhookTargets: 'public' },
    pingDatabase: databasePing(db),
  });
  const http = createHttpServer(app, { requestTimeoutMs: 600_000, headersTimeoutMs: 60_000 });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  console.log(
    `database: ${external ? 'MONGODB_URI' : 'the test kit emulator, own process'}; sizes ${SIZES.join(', ')}`,
  );

  const failed: Failure[] = [];
  const table = new Map<string, Map<number, Cell>>(ENDPOINTS.map(([endpoint]) => [endpoint, new Map()]));
  for (const size of SIZES) {
    const seedStart = performance.now();
    const ws = await seedWorkspace(db, raw, baseUrl, { leads: size, otherLeads: size }, now);
    console.log(`seeded ${size} + ${size} leads in ${((performance.now() - seedStart) / 1000).toFixed(0)} s`);
    for (const [endpoint, request] of ENDPOINTS) {
      const times: number[] = [];
      const trips: number[] = [];
      const cellStarted = performance.now();
      for (let i = 0; i < REQUESTS + 1; i += 1) {
        // A cell that is already slow stops at MIN_REQUESTS once it has taken CELL_BUDGET_MS.
        if (times.length >= MIN_REQUESTS && performance.now() - cellStarted > CELL_BUDGET_MS) break;
        const [method, path, body] = request(ws, i);
        counter.reset();
        const started = performance.now();
        try {
          await call(baseUrl, ws.apiKey, method, path, body);
        } catch (error) {
          // E.g. a 503 when the database took longer than the driver waits: the cell is reported
          // as failed (a missed target) and the run goes on.
          const reason = error instanceof Error ? error.message.slice(0, 120) : String(error);
          failed.push({ size, endpoint, reason });
          break;
        }
        const elapsed = performance.now() - started;
        const roundTrips = counter.count();
        // The first request warms the key cache and the connection pool.
        if (i > 0) {
          times.push(elapsed);
          trips.push(roundTrips);
        }
      }
      if (times.length === 0) continue;
      const cell = { ms: median(times), roundTrips: median(trips) };
      table.get(endpoint)?.set(size, cell);
      console.log(
        `  ${size} ${endpoint}: ${cell.ms.toFixed(1)} ms, ${cell.roundTrips} round trips (${times.length} requests)`,
      );
    }
  }
  const failures = [
    ...report(table),
    ...failed.map(({ size, endpoint, reason }) => `${endpoint} at ${size} failed: ${reason}`),
  ];
  const jsonFile = process.env['BENCH_JSON'];
  if (jsonFile) writeFileSync(jsonFile, `${JSON.stringify(jsonRows(table, failed), null, 2)}\n`);
  http.closeAllConnections();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await raw.close();
  await db.close();
  await counter.close();
  server?.stop();
  if (failures.length > 0) {
    console.log(`\nmissed targets:\n${failures.map((line) => `- ${line}`).join('\n')}`);
    process.exitCode = 1;
  }
}

/** The cells in the order measured; a failed cell is marked (and has no figures unless some requests answered first). */
function jsonRows(table: Map<string, Map<number, Cell>>, failed: Failure[]): JsonRow[] {
  const rows: JsonRow[] = [];
  for (const size of SIZES) {
    for (const [endpoint, cells] of table) {
      const cell = cells.get(size);
      const failure = failed.find((f) => f.size === size && f.endpoint === endpoint);
      if (!cell && !failure) continue;
      rows.push({
        size,
        endpoint,
        ms: cell?.ms ?? null,
        roundTrips: cell?.roundTrips ?? null,
        ...(failure ? { failed: failure.reason } : {}),
      });
    }
  }
  return rows;
}

/** Prints the table; returns the targets missed. */
function report(table: Map<string, Map<number, Cell>>): string[] {
  const first = SIZES[0] as number;
  const last = SIZES[SIZES.length - 1] as number;
  const label = (n: number) => (n >= 1000 ? `${n / 1000}k` : String(n));
  console.log(
    `\n| endpoint | ${SIZES.map((n) => `${label(n)} ms`).join(' | ')} | ${label(last)}/${label(first)} | round trips |`,
  );
  console.log(`|---|${SIZES.map(() => '---:').join('|')}|---:|---:|`);
  const failures: string[] = [];
  for (const [endpoint, cells] of table) {
    const ratio = (cells.get(last)?.ms ?? Infinity) / Math.max(cells.get(first)?.ms ?? 0, 0.001);
    const trips = Math.max(...[...cells.values()].map((cell) => cell.roundTrips));
    const row = SIZES.map((n) => cells.get(n)?.ms.toFixed(1) ?? 'failed');
    console.log(`| ${endpoint} | ${row.join(' | ')} | ${ratio.toFixed(2)}x | ${trips} |`);
    if (ratio > GROWTH_TARGET)
      failures.push(`${endpoint}: ${ratio.toFixed(2)}x from ${label(first)} to ${label(last)}`);
    const tripTarget = ROUND_TRIP_TARGETS[endpoint];
    if (tripTarget !== undefined && trips > tripTarget)
      failures.push(`${endpoint}: ${trips} round trips (target ${tripTarget})`);
  }
  return failures;
}

await main();
