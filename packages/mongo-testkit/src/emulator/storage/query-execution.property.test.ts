/**
 * The equality matcher judges a filter's field equalities and leaves the rest to the query engine:
 * whatever the split, a collection must match exactly the documents the query engine matches with
 * the whole filter (the reference), for seeded random filters mixing equalities, `$in`, ranges,
 * `$not`, `$or` and `$and` over documents with arrays, missing fields and mixed types.
 */
import { describe, expect, it } from 'vitest';
import { randomDocuments, randomQuery, seededRandom } from '../../testing/random-queries.js';
import { compileQuery, testQuery } from '../query/mingo-bridge.js';
import { Collection } from './collection.js';

describe('a filter split between the equality matcher and the engine', () => {
  it('matches what the engine matches with the whole filter', () => {
    const random = seededRandom(20261127);
    const docs = randomDocuments(random, 300);
    const collection = new Collection('db', 'things');
    for (const doc of docs) collection.insert(doc);
    for (let i = 0; i < 400; i++) {
      const { filter } = randomQuery(random);
      const ids = docs.slice(0, 1 + Math.floor(random() * 40)).map((doc) => doc._id);
      // A batch's ids beside the random conditions, as the claims and leases send them.
      const withIds = random() < 0.5 ? { ...filter, _id: { $in: ids } } : filter;
      const engine = compileQuery(withIds);
      const expected = docs.filter((doc) => testQuery(engine, doc)).map((doc) => doc._id);
      const actual = collection.find(withIds).map((doc) => doc['_id'] as number);
      expect(
        actual.sort((a, b) => a - b),
        JSON.stringify(withIds),
      ).toEqual(expected);
    }
  });
});
