import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { databaseUri } from '@outreach/mongo-testkit';
import { systemClock } from '@outreach/network';
import { dbHarness, type DbDispatchHarness } from '../src/testing/db-harness.js';

/**
 * The harness over MongoDB for the benchmark: `MONGODB_URI` when set, else the test kit's server
 * started as a separate process (`outreach-mongo`), so the database does not share the event loop
 * of the dispatcher being measured. The connection monitors its commands, so the benchmark can
 * count the round trips of the data layer.
 */
export async function mongoBenchHarness(): Promise<DbDispatchHarness & { serverPid: number | null }> {
  const external = process.env['MONGODB_URI'];
  const server = external ? null : await startServerProcess();
  const base = external ?? server?.uri ?? '';
  const harness = await dbHarness(
    databaseUri(base, `dispatcher_bench_${randomBytes(4).toString('hex')}`),
    systemClock,
    { driverOptions: { monitorCommands: true } },
  );
  return {
    ...harness,
    /** The database server's process when the benchmark started it, so its CPU time can be read. */
    serverPid: server?.child.pid ?? null,
    async close() {
      await harness.close();
      server?.child.kill('SIGTERM');
    },
  };
}

async function startServerProcess(): Promise<{ uri: string; child: ChildProcess }> {
  const cli = join(dirname(fileURLToPath(import.meta.resolve('@outreach/mongo-testkit'))), 'cli.ts');
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', cli, '--port', String(await freePort())],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
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
