/**
 * Imports a generated CSV file of 100,000 rows and 20 columns into a campaign that already holds
 * 100,000 leads (stored in bulk through the data layer), then another such file (other people)
 * into an empty campaign of the same workspace: each file is uploaded to `POST /v1/lead-files`
 * over real HTTP (generated as it is sent, never held whole), imported with
 * `POST /v1/campaigns/{id}/lead-imports` (`source: { type: 'csv' }`) and carried out by a runner in
 * this process, pass after pass, until the job ends. Reports the upload's and the import's time,
 * the import's rows per second, added and skipped, and the growth of resident memory (peak sampled
 * every 100 ms, minus the figure before the upload; API, runner and client share the process, the
 * database runs in its own). Exits 1 when an import is under 2,000 rows/s or grows over 150 MB.
 *
 *   pnpm --filter @outreach/api bench:lead-import      (BENCH_ROWS=20000 for a shorter run)
 *
 * Without MONGODB_URI the database is the test kit's emulator, started as a separate process.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { LeadImport } from '@outreach/contract';
import { connectDb, type NewLead } from '@outreach/db';
import { databaseUri } from '@outreach/mongo-testkit';
import { createUnipileNetwork, createUnipileSimulator } from '@outreach/network';
import { createDbRunnerStore, createRunner } from '@outreach/runner';
import { pino } from 'pino';
import { createApp } from '../src/app.js';
import { createToolPeopleRuntime } from '../src/auth/people-runtime.js';
import { databasePing } from '../src/database-ping.js';
import { createHttpServer } from '../src/http/http-server.js';
import { startDatabaseProcess } from './database-process.js';

const ROWS = Number(process.env['BENCH_ROWS'] ?? 100_000);
const SEEDED = Number(process.env['BENCH_SEEDED'] ?? 100_000);
const COLUMNS = 20;
const ROWS_PER_PART = 200;
const TARGET_ROWS_PER_SECOND = 2_000;
const TARGET_GROWTH_MB = 150;
const MB = 1024 * 1024;
const clock = () => new Date();

const HEADER = ['LinkedIn URL', 'First Name', 'Last Name', 'Company', 'Title', 'E-mail', 'Phone', 'Website']
  .concat(['Summary', ...Array.from({ length: COLUMNS - 9 }, (_, n) => `Extra ${n + 1}`)])
  .join(',');

/** One row, about 300 characters (as the upload bench's); every 10th has a two-line summary. */
function row(n: number): string {
  const summary = n % 10 === 0 ? `"Builds things; ""fast""\r\nsince ${2000 + (n % 25)}"` : `Summary ${n}`;
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

/** Rows `first` to `first + ROWS - 1`, generated as they are read. */
function generatedBody(first: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let next = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (next === 0) controller.enqueue(encoder.encode(`${HEADER}\r\n`));
      if (next >= ROWS) return controller.close();
      const end = Math.min(ROWS, next + ROWS_PER_PART);
      const lines: string[] = [];
      for (let n = next; n < end; n += 1) lines.push(row(first + n));
      next = end;
      controller.enqueue(encoder.encode(`${lines.join('\r\n')}\r\n`));
    },
  });
}

async function main(): Promise<void> {
  const external = process.env['MONGODB_URI'];
  const server = external ? null : await startDatabaseProcess();
  const uri = databaseUri(
    external ?? server?.uri ?? '',
    `lead_import_bench_${randomBytes(4).toString('hex')}`,
  );
  const db = await connectDb(uri);
  const logger = pino({ level: 'silent' });
  const app = createApp({
    db,
    logger,
    people: createToolPeopleRuntime(db, logger),
    productClock: clock,
    realClock: clock,
    settings: { rateLimitPerMinute: 1_000_000, apiKeyCacheMs: 600_000, webhookTargets: 'public' },
    pingDatabase: databasePing(db),
  });
  const http = createHttpServer(app, { requestTimeoutMs: 600_000, headersTimeoutMs: 60_000 });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  // A file's pages ask no provider; the runner's other work reaches this simulator.
  const sandbox = createUnipileSimulator({ clock, apiKey: 'bench', seed: 'lead-import-bench' });
  const simulated = await sandbox.listen(0);
  const network = createUnipileNetwork({ dsn: simulated.url, apiKey: 'bench', clock, timeoutMs: 5_000 });
  const runner = createRunner(
    { store: createDbRunnerStore(db), network, clock, logger },
    { runnerId: 'lead-import-bench', eventPollMs: 600_000, importPagesPerPass: 1_000 },
  );

  const workspace = await db.workspaces.createWorkspace({ name: 'Lead import bench', plan: 'pro' });
  const key = await db.apiKeys.create(workspace.id, { name: 'bench' });
  const account = await db.senderAccounts.create(workspace.id, {
    name: 'Sender',
    publicIdentifier: 'sender-1',
  });
  sandbox.state.createAccount(account.id, 'free');
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const init = { method, headers: { 'x-api-key': key.plaintext, 'content-type': 'application/json' } };
    const res = await fetch(
      `${baseUrl}${path}`,
      body === undefined ? init : { ...init, body: JSON.stringify(body) },
    );
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const campaign = async (name: string) => (await call<{ id: string }>('POST', '/v1/campaigns', { name })).id;
  const [full, empty] = [await campaign('Already full'), await campaign('Empty')];
  console.log(
    `database: ${external ? 'MONGODB_URI' : 'the test kit emulator, own process'}; ${ROWS} rows x ${COLUMNS} columns`,
  );
  let started = performance.now();
  for (let from = 0; from < SEEDED; from += 1_000) {
    const batch: NewLead[] = Array.from({ length: Math.min(1_000, SEEDED - from) }, (_, n) => ({
      publicIdentifier: `seeded-person-${from + n}`,
      firstName: `Seeded${from + n}`,
      lastName: 'Lead',
      customVariables: { region: 'EU', source: 'seed' },
    }));
    await db.leads.addMany(workspace.id, full, batch);
  }
  console.log(`seeded ${SEEDED} leads in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const gc = (globalThis as { gc?: () => void }).gc;
  let met = true;
  for (const [label, campaignId, first] of [
    [`campaign of ${SEEDED} leads`, full, 0],
    ['empty campaign', empty, 10_000_000],
  ] as const) {
    gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 100);
    started = performance.now();
    const upload = await fetch(`${baseUrl}/v1/lead-files?name=bench.csv`, {
      method: 'POST',
      headers: { 'x-api-key': key.plaintext, 'content-type': 'text/csv' },
      body: generatedBody(first),
      duplex: 'half',
    } as RequestInit);
    const file = (await upload.json()) as { id: string; rowCount: number };
    const uploadSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    let job = await call<LeadImport>('POST', `/v1/campaigns/${campaignId}/lead-imports`, {
      accountId: account.id,
      source: { type: 'csv', fileId: file.id, mapping: { profileUrl: 'LinkedIn URL' } },
    });
    let passes = 0;
    while (job.finishedAt === null) {
      await runner.runOnce();
      passes += 1;
      job = await call<LeadImport>('GET', `/v1/lead-imports/${job.id}`);
    }
    const importSeconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const skipped = Object.entries(job.skipped).filter(([, count]) => count > 0);
    const rate = ROWS / importSeconds;
    const growthMb = (peak - baseline) / MB;
    console.log(
      `\n${label}: upload ${upload.status}, ${file.rowCount} rows in ${uploadSeconds.toFixed(1)} s`,
    );
    console.log(
      `  import ${job.status} in ${importSeconds.toFixed(1)} s (${passes} runner passes): ${Math.round(rate).toLocaleString('en')} rows/s (target >= ${TARGET_ROWS_PER_SECOND})`,
    );
    console.log(`  added ${job.added}, skipped ${JSON.stringify(Object.fromEntries(skipped))}`);
    console.log(
      `  resident memory: ${(baseline / MB).toFixed(0)} MB before the upload, ${(peak / MB).toFixed(0)} MB at most, growth ${growthMb.toFixed(0)} MB (target <= ${TARGET_GROWTH_MB})`,
    );
    met &&= job.status === 'completed' && rate >= TARGET_ROWS_PER_SECOND && growthMb <= TARGET_GROWTH_MB;
  }

  await simulated.close();
  await new Promise<void>((resolve) => http.close(() => resolve()));
  await db.close();
  server?.stop();
  process.exitCode = met ? 0 : 1;
}

await main();
