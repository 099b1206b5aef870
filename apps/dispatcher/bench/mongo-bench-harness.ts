import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUri } from '@outreach/mongo-testkit';
import { systemClock } from '@outreach/network';
import { dbHarness, type DbDispatchHarness } from '../src/testing/db-harness.js';
import { DbDispatchStore } from './built.js';

/** The MongoDB server of the benchmark, on which it opens harnesses. */
export interface BenchServer {
  /**
   * A harness on a fresh database of the server. With `monitored`, its connection reports its
   * commands (`db.watchCommands`), so the round trips of the data layer can be counted; the driver
   * then builds an event for every command and its reply, work a production dispatcher does not do,
   * so timed runs use a connection without it.
   */
  harness(options: { monitored: boolean }): Promise<DbDispatchHarness>;
  /** The database server's process when the benchmark started it, so its CPU time can be read. */
  readonly pid: number | null;
  close(): Promise<void>;
}

/**
 * The benchmark's MongoDB: `MONGODB_URI` when set, else the test kit's server started as a separate
 * process (`outreach-mongo`), so the database does not share the event loop of the dispatcher being
 * measured.
 */
export async function mongoBenchServer(): Promise<BenchServer> {
  const external = process.env['MONGODB_URI'];
  const server = external ? null : await startServerProcess();
  const base = external ?? server?.uri ?? '';
  const opened: DbDispatchHarness[] = [];
  return {
    async harness({ monitored }) {
      const harness = await dbHarness(
        databaseUri(base, `dispatcher_bench_${randomBytes(4).toString('hex')}`),
        systemClock,
        { driverOptions: { monitorCommands: monitored }, store: (db) => new DbDispatchStore(db) },
      );
      opened.push(harness);
      return harness;
    },
    pid: server?.child.pid ?? null,
    async close() {
      for (const harness of opened) await harness.close();
      server?.child.kill('SIGTERM');
    },
  };
}

/** The test kit's built server (`outreach-mongo`), as a local run starts it. */
async function startServerProcess(): Promise<{ uri: string; child: ChildProcess }> {
  const cli = join(dirname(fileURLToPath(import.meta.resolve('@outreach/mongo-testkit'))), 'cli.js');
  const child = spawn(process.execPath, [cli, '--port', String(await freePort())], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const uri = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`outreach-mongo exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /mongodb:\/\/\S+/.exec(chunk.toString());
      if (match) resolve(match[0]);
    });
  });
  return { uri, child };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}
