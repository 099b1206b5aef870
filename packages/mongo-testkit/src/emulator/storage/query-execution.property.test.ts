/**
 * The equality matcher judges a filter's field equalities and leaves the rest to the query engine:
 * whatever the split, a collection must match exactly the documents the query engine matches with
 * the whole filter (the reference), for seeded random filters mixing equalities, `$in`, ranges,
 * `$not`, `$or` and `$and` over documents with arrays, missing fields and mixed types.
 */
import { Timestamp } from 'bson';
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

  it('judges date comparisons and their negations as the engine does, whatever the field holds', () => {
    const random = seededRandom(27);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
    const date = (): Date => new Date(Date.UTC(2025, 0, 1) + Math.floor(random() * 10) * 60_000);
    const held = (): unknown =>
      pick([
        undefined,
        null,
        date(),
        date(),
        [date(), date()],
        [],
        'x',
        5,
        new Timestamp({ t: 1, i: 1 }),
        { at: date() },
      ]);
    const docs = Array.from({ length: 200 }, (_, _id) => {
      const doc: Record<string, unknown> = { _id };
      for (const field of ['lease', 'due']) {
        const value = held();
        if (value !== undefined) doc[field] = value; // else the field is missing
      }
      return doc;
    });
    const collection = new Collection('db', 'leases');
    for (const doc of docs) collection.insert(doc);
    for (let i = 0; i < 300; i++) {
      const comparison = (): Record<string, Date> => ({ [pick(['$lt', '$lte', '$gt', '$gte'])]: date() });
      const condition = (): unknown => (random() < 0.5 ? comparison() : { $not: comparison() });
      const filter = random() < 0.5 ? { lease: condition() } : { lease: condition(), due: condition() };
      const engine = compileQuery(filter);
      const expected = docs.filter((doc) => testQuery(engine, doc)).map((doc) => doc['_id'] as number);
      const actual = collection.find(filter).map((doc) => doc['_id'] as number);
      expect(
        actual.sort((a, b) => a - b),
        JSON.stringify(filter),
      ).toEqual(expected);
    }
  });
});
