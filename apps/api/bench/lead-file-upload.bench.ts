/**
 * Uploads one CSV file of 100,000 rows and 20 columns (generated as it is sent, never held whole)
 * to `POST /v1/lead-files` over real HTTP, and reports rows per second and how much the process's
 * resident memory grew (the API and this client share the process; the database runs in its own).
 * Exits 1 when under 2,000 rows/s or over 150 MB of growth.
 *
 *   pnpm --filter @outreach/api bench:lead-file-upload      (BENCH_ROWS=20000 for a shorter run)
 *
 * Without MONGODB_URI the database is the test kit's emulator, started as a separate process.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { connectDb } from '@outreach/db';
import { databaseUri } from '@outreach/mongo-testkit';
import { pino } from 'pino';
import { createApp } from '../src/app.js';
import { createToolPeopleRuntime } from '../src/auth/people-runtime.js';
import { databasePing } from '../src/database-ping.js';
import { createHttpServer } from '../src/http/http-server.js';
import { startDatabaseProcess } from './database-process.js';

const ROWS = Number(process.env['BENCH_ROWS'] ?? 100_000);
const COLUMNS = 20;
const ROWS_PER_PART = 200;
const TARGET_ROWS_PER_SECOND = 2_000;
const TARGET_GROWTH_MB = 150;
const MB = 1024 * 1024;

const HEADER = [
  'LinkedIn URL',
  'First Name',
  'Last Name',
  'Company',
  'Title',
  'E-mail',
  'Phone',
  'Website',
  'Summary',
  ...Array.from({ length: COLUMNS - 9 }, (_, n) => `Extra ${n + 1}`),
];

/** One row, about 300 characters; every 10th has a summary quoted over two lines. */
function row(n: number): string {
  const summary =
    n % 10 === 0 ? `"Builds things; ""fast""\r\nsince ${2000 + (n % 25)}"` : `Summary of person ${n}`;
  return [
    `https://www.linkedin.com/in/bench-person-${n}/`,
    `First${n}`,
    `Last${n}`,
    `Company ${n % 997}`,
    'Head of Growth',
    `person${n}@example.com`,
    `+49 30 ${String(n).padStart(7, '0')}`,
    `https://company-${n % 997}.example.com`,
    summary,
    ...Array.from({ length: COLUMNS - 9 }, (_, c) => `value ${c} of row ${n}`),
  ].join(',');
}

function generatedBody(): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next === 0) controller.enqueue(encoder.encode(`${HEADER.join(',')}\r\n`));
      if (next >= ROWS) {
        controller.close();
        return;
      }
      const end = Math.min(ROWS, next + ROWS_PER_PART);
      const lines: string[] = [];
      for (let n = next; n < end; n += 1) lines.push(row(n));
      next = end;
      controller.enqueue(encoder.encode(`${lines.join('\r\n')}\r\n`));
    },
  });
}

async function main(): Promise<void> {
  const external = process.env['MONGODB_URI'];
  const server = external ? null : await startDatabaseProcess();
  const uri = databaseUri(external ?? server?.uri ?? '', `lead_file_bench_${randomBytes(4).toString('hex')}`);
  const db = await connectDb(uri);
  const logger = pino({ level: 'silent' });
  const app = createApp({
    db,
    logger,
    people: createToolPeopleRuntime(db, logger),
    productClock: () => new Date(),
    realClock: () => new Date(),
    settings: { rateLimitPerMinute: 1_000_000, apiKeyCacheMs: 600_000, webhookTargets: 'public' },
    pingDatabase: databasePing(db),
  });
  // The request deadline would otherwise end a long upload: this measures the upload, not it.
  const http = createHttpServer(app, { requestTimeoutMs: 600_000, headersTimeoutMs: 60_000 });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const workspace = await db.workspaces.createWorkspace({ name: 'Lead file bench', plan: 'pro' });
  const key = await db.apiKeys.create(workspace.id, { name: 'bench' });
  console.log(
    `database: ${external ? 'MONGODB_URI' : 'the test kit emulator, own process'}; ${ROWS} rows x ${COLUMNS} columns`,
  );

  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  const response = await fetch(`${baseUrl}/v1/lead-files?name=bench.csv`, {
    method: 'POST',
    headers: { 'x-api-key': key.plaintext, 'content-type': 'text/csv' },
    body: generatedBody(),
    duplex: 'half',
  } as RequestInit);
  const answer = (await response.json()) as {
    rowCount?: number;
    invalidRows?: { count: number };
    message?: string;
  };
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);

  const rowsPerSecond = ROWS / seconds;
  const growthMb = (peak - baseline) / MB;
  console.log(
    `answer: ${response.status}, ${answer.rowCount ?? answer.message} rows, ${answer.invalidRows?.count ?? '-'} invalid`,
  );
  console.log(
    `time: ${seconds.toFixed(1)} s, ${Math.round(rowsPerSecond).toLocaleString('en')} rows/s (target >= ${TARGET_ROWS_PER_SECOND})`,
  );
  console.log(
    `resident memory: ${(baseline / MB).toFixed(0)} MB before, ${(peak / MB).toFixed(0)} MB at most, growth ${growthMb.toFixed(0)} MB (target <= ${TARGET_GROWTH_MB})`,
  );

  await new Promise<void>((resolve) => http.close(() => resolve()));
  await db.close();
  server?.stop();
  const met =
    response.status === 201 && rowsPerSecond >= TARGET_ROWS_PER_SECOND && growthMb <= TARGET_GROWTH_MB;
  process.exitCode = met ? 0 : 1;
}

await main();
