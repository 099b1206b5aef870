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
 * The second import runs warm (the heap and the database's caches the first one grew), so
 * `BENCH_ORDER=empty-first` imports into the empty campaign first: the two orders side by side
 * tell the cost of the leads already there from the cost of running first.
 *
 * Without MONGODB_URI the database is the test kit's emulator, started as a separate process.
 */
import { performance } from 'node:perf_hooks';
import type { LeadImport } from '@outreach/contract';
import type { NewLead } from '@outreach/db';
import { createUnipileNetwork, createUnipileSimulator } from '@outreach/network';
import { createDbRunnerStore, createRunner } from '@outreach/runner';
import {
  COLUMNS,
  ROWS,
  sampleMemory,
  startLeadBenchApi,
  TARGET_GROWTH_MB,
  TARGET_ROWS_PER_SECOND,
  uploadGeneratedCsv,
  type LeadBenchApi,
} from './lead-bench.js';

const SEEDED = Number(process.env['BENCH_SEEDED'] ?? 100_000);
const clock = () => new Date();

/** `SEEDED` leads stored in bulk through the data layer, as if imported long ago. */
async function seedLeads(api: LeadBenchApi, campaignId: string): Promise<void> {
  for (let from = 0; from < SEEDED; from += 1_000) {
    const batch: NewLead[] = Array.from({ length: Math.min(1_000, SEEDED - from) }, (_, n) => ({
      publicIdentifier: `seeded-person-${from + n}`,
      firstName: `Seeded${from + n}`,
      lastName: 'Lead',
      customVariables: { region: 'EU', source: 'seed' },
    }));
    await api.db.leads.addMany(api.workspaceId, campaignId, batch);
  }
}

async function main(): Promise<void> {
  const api = await startLeadBenchApi({ name: 'lead_import_bench', clock });
  const { db, logger } = api;
  // A file's pages ask no provider; the runner's other work reaches this simulator.
  const sandbox = createUnipileSimulator({ clock, apiKey: 'bench', seed: 'lead-import-bench' });
  const simulated = await sandbox.listen(0);
  const network = createUnipileNetwork({ dsn: simulated.url, apiKey: 'bench', clock, timeoutMs: 5_000 });
  const runner = createRunner(
    { store: createDbRunnerStore(db), network, clock, logger },
    { runnerId: 'lead-import-bench', eventPollMs: 600_000, importPagesPerPass: 1_000 },
  );

  const account = await db.senderAccounts.create(api.workspaceId, {
    name: 'Sender',
    publicIdentifier: 'sender-1',
  });
  sandbox.state.createAccount(account.id, 'free');
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const init = { method, headers: { 'x-api-key': api.apiKey, 'content-type': 'application/json' } };
    const res = await fetch(
      `${api.baseUrl}${path}`,
      body === undefined ? init : { ...init, body: JSON.stringify(body) },
    );
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const campaign = async (name: string) => (await call<{ id: string }>('POST', '/v1/campaigns', { name })).id;
  const [full, empty] = [await campaign('Already full'), await campaign('Empty')];
  console.log(`database: ${api.database}; ${ROWS} rows x ${COLUMNS} columns`);
  let started = performance.now();
  await seedLeads(api, full);
  console.log(`seeded ${SEEDED} leads in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  let met = true;
  const imports = [
    [`campaign of ${SEEDED} leads`, full, 0],
    ['empty campaign', empty, 10_000_000],
  ] as const;
  const emptyFirst = process.env['BENCH_ORDER'] === 'empty-first';
  for (const [label, campaignId, first] of emptyFirst ? [...imports].reverse() : imports) {
    const memory = sampleMemory(100);
    started = performance.now();
    const upload = await uploadGeneratedCsv(api, first);
    const file = upload.answer as { id: string; rowCount: number };
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
    const { beforeMb, peakMb, growthMb } = memory.stop();
    const skipped = Object.entries(job.skipped).filter(([, count]) => count > 0);
    const rate = ROWS / importSeconds;
    console.log(
      `\n${label}: upload ${upload.status}, ${file.rowCount} rows in ${uploadSeconds.toFixed(1)} s`,
    );
    console.log(
      `  import ${job.status} in ${importSeconds.toFixed(1)} s (${passes} runner passes): ${Math.round(rate).toLocaleString('en')} rows/s (target >= ${TARGET_ROWS_PER_SECOND})`,
    );
    console.log(`  added ${job.added}, skipped ${JSON.stringify(Object.fromEntries(skipped))}`);
    console.log(
      `  resident memory: ${beforeMb.toFixed(0)} MB before the upload, ${peakMb.toFixed(0)} MB at most, growth ${growthMb.toFixed(0)} MB (target <= ${TARGET_GROWTH_MB})`,
    );
    met &&= job.status === 'completed' && rate >= TARGET_ROWS_PER_SECOND && growthMb <= TARGET_GROWTH_MB;
  }

  await simulated.close();
  await api.close();
  process.exitCode = met ? 0 : 1;
}

await main();
