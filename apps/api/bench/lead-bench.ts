/**
 * What the lead file benches share (`lead-file-upload.bench.ts`, `lead-import.bench.ts`): the
 * generated CSV file, the API over real HTTP on a database of its own with a workspace and its key,
 * the upload, and the resident memory sampled while a step runs. Both measure the same file against
 * the same targets, so their figures compare.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { connectDb, type Db, type WorkspaceId } from '@outreach/db';
import { databaseUri } from '@outreach/mongo-testkit';
import { pino, type Logger } from 'pino';
import { createApp } from '../src/app.js';
import { createToolPeopleRuntime } from '../src/auth/people-runtime.js';
import { databasePing } from '../src/database-ping.js';
import { createHttpServer } from '../src/http/http-server.js';
import { startDatabaseProcess } from './database-process.js';

/** Rows of each generated file (`BENCH_ROWS` for a shorter run). */
export const ROWS = Number(process.env['BENCH_ROWS'] ?? 100_000);
export const COLUMNS = 20;
/** What each bench must reach, or it exits 1. */
export const TARGET_ROWS_PER_SECOND = 2_000;
export const TARGET_GROWTH_MB = 150;
const ROWS_PER_PART = 200;
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

/**
 * The header and `ROWS` rows, people `first` to `first + ROWS - 1`, generated as they are read: a
 * file of any size is sent without ever being held whole.
 */
function generatedCsv(first: number): ReadableStream<Uint8Array> {
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
      for (let n = next; n < end; n += 1) lines.push(row(first + n));
      next = end;
      controller.enqueue(encoder.encode(`${lines.join('\r\n')}\r\n`));
    },
  });
}

export interface LeadBenchApi {
  db: Db;
  logger: Logger;
  baseUrl: string;
  workspaceId: WorkspaceId;
  apiKey: string;
  /** Where the database runs, for the bench's first line. */
  database: string;
  close(): Promise<void>;
}

/**
 * The API over real HTTP in this process, on a database of its own (`MONGODB_URI`, else the test
 * kit's emulator in a process of its own, so the database does not share the measured event loop),
 * with a workspace on the `pro` plan and its API key. The rate limit and the request deadline are
 * lifted: the bench measures uploads and imports, not those.
 */
export async function startLeadBenchApi(options: {
  /** The database's name prefix (a random suffix keeps runs apart on a shared server). */
  name: string;
  clock: () => Date;
}): Promise<LeadBenchApi> {
  const external = process.env['MONGODB_URI'];
  const server = external ? null : await startDatabaseProcess();
  const uri = databaseUri(external ?? server?.uri ?? '', `${options.name}_${randomBytes(4).toString('hex')}`);
  const db = await connectDb(uri);
  const logger = pino({ level: 'silent' });
  const app = createApp({
    db,
    logger,
    people: createToolPeopleRuntime(db, logger),
    productClock: options.clock,
    realClock: options.clock,
    settings: { rateLimitPerMinute: 1_000_000, apiKeyCacheMs: 600_000, webhookTargets: 'public' },
    pingDatabase: databasePing(db),
  });
  const http = createHttpServer(app, { requestTimeoutMs: 600_000, headersTimeoutMs: 60_000 });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const workspace = await db.workspaces.createWorkspace({ name: 'Lead bench', plan: 'pro' });
  const key = await db.apiKeys.create(workspace.id, { name: 'bench' });
  return {
    db,
    logger,
    baseUrl: `http://127.0.0.1:${(http.address() as AddressInfo).port}`,
    workspaceId: workspace.id,
    apiKey: key.plaintext,
    database: external ? 'MONGODB_URI' : 'the test kit emulator, own process',
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await db.close();
      server?.stop();
    },
  };
}

/** `POST /v1/lead-files`'s answer: the stored file, or the refusal's message. */
export interface UploadAnswer {
  id?: string;
  rowCount?: number;
  invalidRows?: { count: number };
  message?: string;
}

/** Uploads the generated file of people `first` on to `POST /v1/lead-files` as it is generated. */
export async function uploadGeneratedCsv(
  api: LeadBenchApi,
  first = 0,
): Promise<{ status: number; answer: UploadAnswer }> {
  const response = await fetch(`${api.baseUrl}/v1/lead-files?name=bench.csv`, {
    method: 'POST',
    headers: { 'x-api-key': api.apiKey, 'content-type': 'text/csv' },
    body: generatedCsv(first),
    duplex: 'half',
  } as RequestInit);
  return { status: response.status, answer: (await response.json()) as UploadAnswer };
}

/**
 * Samples the resident memory every `everyMs` from now (after a collection, when `--expose-gc`
 * allows one) until `stop`, which answers the figure before, the peak and the growth, in MB.
 */
export function sampleMemory(everyMs: number): {
  stop(): { beforeMb: number; peakMb: number; growthMb: number };
} {
  (globalThis as { gc?: () => void }).gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), everyMs);
  return {
    stop() {
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage().rss);
      return { beforeMb: baseline / MB, peakMb: peak / MB, growthMb: (peak - baseline) / MB };
    },
  };
}
