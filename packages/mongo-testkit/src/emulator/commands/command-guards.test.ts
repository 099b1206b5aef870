/**
 * What the emulator does not implement is refused with an error naming it (code 238
 * NotImplemented), never accepted and ignored: a test that passes on the emulator therefore does
 * not depend on a feature whose answer would differ on MongoDB.
 */
import { MongoClient, type Collection, type Db } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../start-emulator.js';

let emulator: RunningEmulator;
let client: MongoClient;
let db: Db;
let words: Collection<{ _id: number; w: string }>;

beforeAll(async () => {
  emulator = await startEmulator();
  client = await MongoClient.connect(`${emulator.uri}guards`);
  db = client.db();
  words = db.collection('words');
  await words.insertMany([
    { _id: 1, w: 'ping' },
    { _id: 2, w: 'PING' },
  ]);
});
afterAll(async () => {
  await client.close();
  await emulator.stop();
});

async function refusal(work: Promise<unknown>): Promise<{ code: unknown; message: string }> {
  try {
    await work;
  } catch (error) {
    return { code: (error as { code?: unknown }).code, message: (error as Error).message };
  }
  throw new Error('expected a refusal');
}

const caseInsensitive = { locale: 'en', strength: 2 };

describe('features the emulator refuses by name', () => {
  it('refuses collation on reads and writes, and changes nothing', async () => {
    // Each attempt starts only when the previous one was refused: started together, a refusal that
    // arrives before its turn to be awaited would be an unhandled rejection.
    const attempts = [
      () => words.find({ w: 'ping' }, { collation: caseInsensitive }).toArray(),
      () => words.countDocuments({ w: 'ping' }, { collation: caseInsensitive }),
      () => words.distinct('w', {}, { collation: caseInsensitive }),
      () => words.aggregate([{ $match: { w: 'ping' } }], { collation: caseInsensitive }).toArray(),
      () => words.updateMany({ w: 'ping' }, { $set: { seen: true } }, { collation: caseInsensitive }),
      () => words.deleteMany({ w: 'ping' }, { collation: caseInsensitive }),
      () => words.findOneAndDelete({ w: 'ping' }, { collation: caseInsensitive }),
      () => words.createIndex({ w: 1 }, { collation: caseInsensitive }),
    ];
    for (const attempt of attempts) {
      expect(await refusal(attempt())).toEqual({
        code: 238,
        message: 'collation is not supported by the MongoDB emulator',
      });
    }
    expect(await words.find({}, { sort: { _id: 1 } }).toArray()).toEqual([
      { _id: 1, w: 'ping' },
      { _id: 2, w: 'PING' },
    ]);
    expect((await words.listIndexes().toArray()).map((index) => index['name'])).toEqual(['_id_']);
  });

  it('accepts the simple collation, which is what it does anyway', async () => {
    expect(await words.countDocuments({ w: 'ping' }, { collation: { locale: 'simple' } })).toBe(1);
  });

  it('refuses views, document validation, capped and time-series collections', async () => {
    const refused = async (options: object) => (await refusal(db.createCollection('other', options))).message;
    expect(await refused({ viewOn: 'words', pipeline: [] })).toMatch(/view/);
    expect(await refused({ validator: { w: { $type: 'string' } } })).toMatch(/document validation/);
    expect(await refused({ capped: true, size: 4096 })).toMatch(/capped collection/);
    expect(await refused({ timeseries: { timeField: 'at' } })).toMatch(/time-series/);
    expect((await db.listCollections({ name: 'other' }).toArray()).length).toBe(0);
  });

  it('refuses the $out and $merge stages', async () => {
    for (const stage of [{ $out: 'copy' }, { $merge: { into: 'copy' } }]) {
      const { code, message } = await refusal(words.aggregate([stage]).toArray());
      expect(code).toBe(238);
      expect(message).toMatch(/\$(out|merge) stage is not supported/);
    }
  });

  it('rejects the sort option of updates and replacements as MongoDB 7.0 does (code 40415)', async () => {
    const sorted = { sort: { _id: -1 } } as const;
    expect((await refusal(words.updateOne({}, { $set: { last: true } }, sorted))).code).toBe(40415);
    expect((await refusal(words.replaceOne({}, { w: 'pong' }, sorted))).code).toBe(40415);
    expect(await words.countDocuments({ last: true })).toBe(0);
  });

  it('answers collMod, which it does not implement, with CommandNotFound', async () => {
    const { code, message } = await refusal(db.command({ collMod: 'words', validator: {} }));
    expect(code).toBe(59);
    expect(message).toMatch(/collMod/);
  });
});
