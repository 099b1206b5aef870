/**
 * Indexes may change how much a server reads, never what it answers. The same seeded random
 * documents live in two collections, one with compound, partial, sparse, multikey and descending
 * indexes and one without any; many random queries (equality, `$in`, ranges, sorts, skips and
 * limits), counts, distincts, aggregations and claims must answer identically on both, before
 * and after random writes. Holds on any MongoDB; on the emulator it guards the query planner.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PLANNER_INDEXES,
  randomDocuments,
  randomQuery,
  seededRandom,
  type Random,
  type RandomQuery,
} from '../../src/testing/random-queries.js';
import {
  driverCollection,
  useMongoose,
  type DriverCollection as Collection,
} from '../support/mongoose-connection.js';

type Filter = Parameters<Collection['find']>[0];
type Sort = Parameters<ReturnType<Collection['find']>['sort']>[0];
type Update = Parameters<Collection['updateMany']>[1];

const connection = useMongoose();
const SIZE = 400;
let indexed: Collection;
let plain: Collection;

beforeAll(async () => {
  indexed = driverCollection(connection(), 'planner_indexed');
  plain = driverCollection(connection(), 'planner_plain');
  await indexed.createIndexes(PLANNER_INDEXES.map(({ key, options }) => ({ key, ...options })));
  const docs = randomDocuments(seededRandom(20250303), SIZE);
  await indexed.insertMany(docs.map((doc) => ({ ...doc })));
  await plain.insertMany(docs.map((doc) => ({ ...doc })));
});

async function found(collection: Collection, query: RandomQuery): Promise<unknown[]> {
  let cursor = collection.find(query.filter as Filter);
  if (query.sort !== undefined) cursor = cursor.sort(query.sort as Sort);
  if (query.skip !== undefined) cursor = cursor.skip(query.skip);
  if (query.limit !== undefined) cursor = cursor.limit(query.limit);
  const ids = (await cursor.toArray()).map((doc) => doc['_id'] as number);
  return query.sort === undefined ? ids.sort((a, b) => a - b) : ids;
}

async function expectSameFinds(random: Random, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const query = randomQuery(random);
    expect(await found(indexed, query), JSON.stringify(query)).toEqual(await found(plain, query));
  }
}

describe('queries over compound indexes', () => {
  it('find the same documents, in the same order, as without indexes', async () => {
    await expectSameFinds(seededRandom(1), 300);
  });

  it('count, distinct and aggregate with a leading $match, $sort and $limit alike', async () => {
    const random = seededRandom(2);
    for (let i = 0; i < 60; i++) {
      const { filter, sort } = randomQuery(random);
      const label = JSON.stringify(filter);
      expect(await indexed.countDocuments(filter), label).toBe(await plain.countDocuments(filter));
      const distinct = async (c: Collection) => (await c.distinct('s', filter)).map(String).sort();
      expect(await distinct(indexed), label).toEqual(await distinct(plain));
      const pipeline = [
        { $match: filter },
        { $sort: sort ?? { _id: 1 } },
        { $limit: 3 },
        { $project: { _id: 1 } },
      ];
      expect(await indexed.aggregate(pipeline).toArray(), label).toEqual(
        await plain.aggregate(pipeline).toArray(),
      );
    }
  });

  it('keep answering alike after random updates, deletes and sorted claims', async () => {
    const random = seededRandom(3);
    const fresh = randomDocuments(seededRandom(4), 60);
    for (const [i, doc] of fresh.entries()) {
      const { filter, sort = { _id: 1 } } = randomQuery(random);
      const { _id: _ignored, ...values } = doc;
      // Single-document writes go through a sort ending with _id, so both pick the same document.
      const write = async (c: Collection) => {
        if (i % 8 === 0) return (await c.deleteMany(filter)).deletedCount;
        if (i % 4 === 1) return (await c.updateMany(filter, { $set: values })).modifiedCount;
        const update: Update =
          i % 2 === 0
            ? { $unset: { at: '' }, $set: { tags: ['z', ...(values['tags'] as string[])] } }
            : { $set: { lease: values['lease'], n: values['n'] } };
        return c.findOneAndUpdate(filter, update, { sort, returnDocument: 'after' });
      };
      expect(await write(indexed), JSON.stringify(filter)).toEqual(await write(plain));
    }
    expect(await indexed.find().sort({ _id: 1 }).toArray()).toEqual(
      await plain.find().sort({ _id: 1 }).toArray(),
    );
    await expectSameFinds(random, 150);
  });
});
