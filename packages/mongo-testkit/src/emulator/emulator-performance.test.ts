/**
 * Every package's integration suite runs on the emulator, so lookups must stay cheap as
 * collections grow: `_id` and indexed equality lookups go through indexes, not scans.
 */
import { MongoClient, type Collection } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from './start-emulator.js';

const SIZE = 10_000;
const LOOKUPS = 500;
let emulator: RunningEmulator;
let client: MongoClient;
let leads: Collection<{ _id: number; email: string; group: number; note: string }>;

beforeAll(async () => {
  emulator = await startEmulator();
  client = await MongoClient.connect(`${emulator.uri}perf`);
  leads = client.db().collection('leads');
  await leads.createIndex({ email: 1 }, { unique: true });
  await leads.insertMany(
    Array.from({ length: SIZE }, (_, i) => ({
      _id: i,
      email: `lead${i}@example.com`,
      group: i % 100,
      note: 'x'.repeat(100),
    })),
  );
});

afterAll(async () => {
  await client.close();
  await emulator.stop();
});

async function averageMs(lookup: (i: number) => Promise<unknown>, count: number): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) await lookup((i * 7919) % SIZE);
  return (performance.now() - started) / count;
}

describe('emulator performance', () => {
  it('answers _id and indexed lookups in a 10,000-document collection much faster than scans', async () => {
    const byId = await averageMs((i) => leads.findOne({ _id: i }), LOOKUPS);
    const byEmail = await averageMs((i) => leads.findOne({ email: `lead${i}@example.com` }), LOOKUPS);
    const byScan = await averageMs((i) => leads.findOne({ note: 'y', group: i % 100 }), 30);
    console.log(
      `per lookup: _id ${byId.toFixed(3)} ms, indexed ${byEmail.toFixed(3)} ms, scan ${byScan.toFixed(3)} ms`,
    );
    // No absolute bounds (a loaded machine varies too much); the documents examined are checked
    // exactly below, and an index lookup stays far cheaper than a scan on any machine.
    expect(byId).toBeLessThan(byScan);
    expect(byEmail).toBeLessThan(byScan);
  });

  it('examines only the matching document for _id and indexed equality lookups', async () => {
    const examined = async (filter: Record<string, unknown>) => {
      const plan = (await leads.find(filter).explain('executionStats')) as {
        executionStats: { totalDocsExamined: number; nReturned: number };
      };
      return plan.executionStats;
    };
    expect(await examined({ _id: 4242 })).toMatchObject({ totalDocsExamined: 1, nReturned: 1 });
    expect(await examined({ email: 'lead4242@example.com' })).toMatchObject({
      totalDocsExamined: 1,
      nReturned: 1,
    });
    expect((await examined({ note: 'y' })).totalDocsExamined).toBe(SIZE);
  });
});
