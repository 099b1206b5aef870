/**
 * The durable emulator as `pnpm start` runs it (the CLI with --data-dir), killed with SIGKILL in
 * the middle of a stream of writes: after a restart on the same directory, every write the driver
 * saw acknowledged is there.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { afterAll, describe, expect, it } from 'vitest';

const CLI = fileURLToPath(new URL('../../cli.ts', import.meta.url));
const WRITERS = 8;
const ACKNOWLEDGED_BEFORE_KILL = 400;
const dataDir = mkdtempSync(join(tmpdir(), 'emulator-sigkill-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function startDurableEmulator(): Promise<{ child: ChildProcess; uri: string }> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=source',
      '--import',
      'tsx',
      CLI,
      '--port',
      '0',
      '--backend',
      'emulator',
      '--data-dir',
      dataDir,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const [uri] = (await once(lines, 'line')) as [string];
  return { child, uri };
}

describe('the durable emulator killed with SIGKILL', () => {
  it(
    'keeps every acknowledged insert and update after a restart on the same data directory',
    { timeout: 90_000 },
    async () => {
      const first = await startDurableEmulator();
      const client = new MongoClient(`${first.uri}durability`, { maxPoolSize: WRITERS, retryWrites: false });
      const events = client.db().collection<{ _id: string; writer: number }>('events');
      const counters = client.db().collection<{ _id: string; n: number }>('counters');
      await counters.insertOne({ _id: 'acknowledged', n: 0 });
      const acknowledged: string[] = [];
      let acknowledgedIncrements = 0;
      let killed = false;
      let reachedTarget: () => void = () => undefined;
      const target = new Promise<void>((resolve) => (reachedTarget = resolve));

      const writer = async (writerId: number): Promise<void> => {
        for (let sequence = 0; !killed; sequence += 1) {
          const id = `${writerId}-${sequence}`;
          try {
            await events.insertOne({ _id: id, writer: writerId });
            acknowledged.push(id);
            await counters.updateOne({ _id: 'acknowledged' }, { $inc: { n: 1 } });
            acknowledgedIncrements += 1;
          } catch {
            return; // the server is gone: this write was never acknowledged
          }
          if (acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL) reachedTarget();
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, writerId) => writer(writerId));
      await target;
      const exited = once(first.child, 'exit');
      first.child.kill('SIGKILL');
      killed = true;
      const [, signal] = (await exited) as [number | null, string | null];
      expect(signal).toBe('SIGKILL');
      await Promise.all(writers);
      await client.close(true);

      const second = await startDurableEmulator();
      const reader = await MongoClient.connect(`${second.uri}durability`);
      try {
        const stored = await reader
          .db()
          .collection('events')
          .find({}, { projection: { _id: 1 } })
          .toArray();
        const storedIds = new Set(stored.map((doc) => String(doc['_id'])));
        expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);
        expect(acknowledged.filter((id) => !storedIds.has(id))).toEqual([]);
        const counter = await reader
          .db()
          .collection('counters')
          .findOne({ _id: 'acknowledged' as never });
        expect(Number(counter?.['n'])).toBeGreaterThanOrEqual(acknowledgedIncrements);
        // Writes still in flight at the kill may have been applied without being acknowledged.
        expect(Number(counter?.['n'])).toBeLessThanOrEqual(acknowledgedIncrements + WRITERS);
      } finally {
        await reader.close();
        second.child.kill('SIGTERM');
        await once(second.child, 'exit');
      }
    },
  );
});
