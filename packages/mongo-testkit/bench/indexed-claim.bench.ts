/**
 * Claim benchmark: milliseconds per claim-like `findOneAndUpdate` over a large collection, the
 * runner's hot path, through the driver. One campaign holds all the leads (the worst case for a
 * claim: nothing but the index separates due leads from the rest); some are due, most are due
 * later, some are paused (no due time, so outside the partial claim index).
 *
 * Three runs over the same leads:
 * - claim and complete: each claim also moves the lead's due time past the horizon, as a finished
 *   step does, so every claim reads the one lead it takes;
 * - claim and hold: claims only lease, so each claim first skips the leases taken before it (the
 *   runner keeps that number at its concurrency; here it grows to the number of claims);
 * - without the claim index, for comparison: a scan and an in-memory sort per claim.
 *
 * Environment: MONGODB_URI (else the emulator is started in this process), BENCH_DOCS (default
 * 100000), BENCH_CLAIMS (default 1000).
 */
import { MongoClient, type Collection, type Document } from 'mongodb';
import { startEmulator } from '../src/emulator/start-emulator.js';

const DOCS = Number(process.env['BENCH_DOCS'] ?? 100_000);
const CLAIMS = Number(process.env['BENCH_CLAIMS'] ?? 1_000);
const UNINDEXED_CLAIMS = 20;
const NOW = new Date(Date.UTC(2025, 2, 3, 10));
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const CLAIM_INDEX = { workspaceId: 1, campaignId: 1, nextActionAt: 1 } as const;

const dueFilter = {
  workspaceId: 'w1',
  campaignId: 'c1',
  nextActionAt: { $lte: NOW },
  leaseUntil: { $not: { $gt: NOW } },
};

/** Lead i: every 20th paused, every 4th of the rest due (in the past), the others due later. */
function lead(i: number): Document {
  const doc: Document = { _id: `led_${i}`, workspaceId: 'w1', campaignId: 'c1', publicIdentifier: `p${i}` };
  doc['status'] = i % 20 === 0 ? 'paused' : 'waiting';
  if (i % 20 !== 0) doc['nextActionAt'] = i % 4 === 1 ? minutes(-1 - (i % 10_000)) : minutes(1 + i);
  doc['leaseUntil'] = null;
  doc['attempts'] = 0;
  return doc;
}

async function seed(leads: Collection): Promise<void> {
  await leads.createIndexes([
    { key: CLAIM_INDEX, partialFilterExpression: { nextActionAt: { $exists: true } } },
    { key: { workspaceId: 1, campaignId: 1, publicIdentifier: 1 }, unique: true },
    { key: { workspaceId: 1, campaignId: 1, status: 1, _id: 1 } },
    { key: { workspaceId: 1, campaignId: 1, _id: 1 } },
  ]);
  for (let start = 0; start < DOCS; start += 10_000) {
    const count = Math.min(10_000, DOCS - start);
    await leads.insertMany(Array.from({ length: count }, (_, i) => lead(start + i)));
  }
}

async function timeClaims(
  leads: Collection,
  count: number,
  update: (i: number) => Document,
): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    const claimed = await leads.findOneAndUpdate(dueFilter, update(i), { sort: { nextActionAt: 1 } });
    if (claimed === null) throw new Error(`nothing left to claim after ${i} claims`);
  }
  return (performance.now() - started) / count;
}

async function docsExamined(leads: Collection): Promise<number> {
  const explained = await leads.find(dueFilter).sort({ nextActionAt: 1 }).limit(1).explain('executionStats');
  return (explained['executionStats'] as { totalDocsExamined: number }).totalDocsExamined;
}

function report(label: string, ms: number, examined: number): void {
  console.log(
    `  ${label.padEnd(34)} ${ms.toFixed(3)} ms per claim, ${examined} documents examined by the next claim`,
  );
}

async function main(): Promise<void> {
  const external = process.env['MONGODB_URI'];
  const emulator = external === undefined ? await startEmulator() : undefined;
  const client = await MongoClient.connect(external ?? emulator?.uri ?? '');
  try {
    const leads = client.db(`bench_indexed_claim_${process.pid}`).collection('leads');
    const seeding = performance.now();
    await seed(leads);
    console.log(
      `indexed claim benchmark on ${external === undefined ? 'the emulator' : 'MONGODB_URI'}: ` +
        `${DOCS.toLocaleString('en')} leads (seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s), ` +
        `${CLAIMS.toLocaleString('en')} claims per run`,
    );
    const lease = (owner: string) => ({
      $set: { leaseOwner: owner, leaseUntil: minutes(5) },
      $inc: { attempts: 1 },
    });
    const complete = await timeClaims(leads, CLAIMS, (i) => ({
      ...lease('bench'),
      $set: { ...lease('bench').$set, nextActionAt: minutes(1_000_000 + i) },
    }));
    report('claim and complete:', complete, await docsExamined(leads));
    const hold = await timeClaims(leads, CLAIMS, () => lease('bench'));
    report('claim and hold:', hold, await docsExamined(leads));
    await leads.dropIndex('workspaceId_1_campaignId_1_nextActionAt_1');
    const unindexed = await timeClaims(leads, UNINDEXED_CLAIMS, () => lease('bench'));
    report(`without the claim index (${UNINDEXED_CLAIMS} claims):`, unindexed, await docsExamined(leads));
    await leads.drop();
  } finally {
    await client.close();
    await emulator?.stop();
  }
}

await main();
