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
import { performance } from 'node:perf_hooks';
import {
  COLUMNS,
  ROWS,
  sampleMemory,
  startLeadBenchApi,
  TARGET_GROWTH_MB,
  TARGET_ROWS_PER_SECOND,
  uploadGeneratedCsv,
} from './lead-bench.js';

async function main(): Promise<void> {
  const api = await startLeadBenchApi({ name: 'lead_file_bench', clock: () => new Date() });
  console.log(`database: ${api.database}; ${ROWS} rows x ${COLUMNS} columns`);

  const memory = sampleMemory(50);
  const started = performance.now();
  const { status, answer } = await uploadGeneratedCsv(api);
  const seconds = (performance.now() - started) / 1000;
  const { beforeMb, peakMb, growthMb } = memory.stop();

  const rowsPerSecond = ROWS / seconds;
  console.log(
    `answer: ${status}, ${answer.rowCount ?? answer.message} rows, ${answer.invalidRows?.count ?? '-'} invalid`,
  );
  console.log(
    `time: ${seconds.toFixed(1)} s, ${Math.round(rowsPerSecond).toLocaleString('en')} rows/s (target >= ${TARGET_ROWS_PER_SECOND})`,
  );
  console.log(
    `resident memory: ${beforeMb.toFixed(0)} MB before, ${peakMb.toFixed(0)} MB at most, growth ${growthMb.toFixed(0)} MB (target <= ${TARGET_GROWTH_MB})`,
  );

  await api.close();
  const met = status === 201 && rowsPerSecond >= TARGET_ROWS_PER_SECOND && growthMb <= TARGET_GROWTH_MB;
  process.exitCode = met ? 0 : 1;
}

await main();
