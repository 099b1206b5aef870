/**
 * Write cost of the emulator's durable mode: the same writes through the driver with the data in
 * memory only, journalled to the operating system (survives the process being killed), and
 * journalled with an fdatasync before each acknowledgement (also survives the machine stopping).
 * Then the time a restart takes to replay what was written.
 *
 * - sequential: one client inserting one document at a time (latency per acknowledged write);
 * - concurrent: BENCH_WRITERS clients updating in parallel (throughput; the writes that arrive
 *   together share one flush);
 * - restart: reopening the data directory (snapshot + journal replay).
 *
 * Environment: BENCH_WRITES (default 2000), BENCH_WRITERS (default 16).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MongoClient } from 'mongodb';
import { startEmulator, type EmulatorOptions } from '../src/emulator/start-emulator.js';

const WRITES = Number(process.env['BENCH_WRITES'] ?? 2000);
const WRITERS = Number(process.env['BENCH_WRITERS'] ?? 16);

interface Mode {
  label: string;
  options: (dir: string) => EmulatorOptions;
}

const MODES: Mode[] = [
  { label: 'in memory', options: () => ({}) },
  { label: 'journal, OS flush', options: (dir) => ({ dataDir: dir, syncToDisk: false }) },
  { label: 'journal + fdatasync', options: (dir) => ({ dataDir: dir, syncToDisk: true }) },
];

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

async function runMode(mode: Mode): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'journal-bench-'));
  const emulator = await startEmulator(mode.options(dir));
  const client = await MongoClient.connect(`${emulator.uri}bench`, { maxPoolSize: WRITERS });
  const events = client.db().collection<{ _id: number; payload: string; n: number }>('events');
  const payload = 'x'.repeat(200);

  const latencies: number[] = [];
  const sequentialStart = performance.now();
  for (let i = 0; i < WRITES; i += 1) {
    const start = performance.now();
    await events.insertOne({ _id: i, payload, n: 0 });
    latencies.push(performance.now() - start);
  }
  const sequentialMs = performance.now() - sequentialStart;
  latencies.sort((a, b) => a - b);

  const concurrentStart = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: WRITERS }, async () => {
      while (next < WRITES) {
        const id = next++;
        await events.updateOne({ _id: id }, { $inc: { n: 1 } });
      }
    }),
  );
  const concurrentMs = performance.now() - concurrentStart;
  await client.close();
  await emulator.stop();

  let restart = '';
  if (mode.options(dir).dataDir !== undefined) {
    const reopenStart = performance.now();
    const reopened = await startEmulator(mode.options(dir));
    restart = `, restart ${(performance.now() - reopenStart).toFixed(0)} ms`;
    await reopened.stop();
  }
  rmSync(dir, { recursive: true, force: true });
  console.log(
    `${mode.label.padEnd(20)} sequential inserts: ${(WRITES / (sequentialMs / 1000)).toFixed(0)}/s, ` +
      `p50 ${percentile(latencies, 0.5).toFixed(2)} ms, p99 ${percentile(latencies, 0.99).toFixed(2)} ms; ` +
      `${WRITERS} concurrent updaters: ${(WRITES / (concurrentMs / 1000)).toFixed(0)}/s${restart}`,
  );
}

for (const mode of MODES) await runMode(mode);
