/**
 * The planner may only change how many documents a query reads, never what it returns: for many
 * seeded random queries over compound, partial, sparse, multikey and descending indexes, the
 * indexed collection answers (and counts) exactly as the same documents without indexes do, also while
 * documents are updated and removed under the indexes.
 */
import type { Document } from 'bson';
import { describe, expect, it } from 'vitest';
import {
  randomDocuments,
  randomQuery,
  seededRandom,
  PLANNER_INDEXES,
  type Random,
} from '../../testing/random-queries.js';
import { shapeResults } from '../query/mingo-bridge.js';
import { Collection } from './collection.js';
import { normaliseIndexSpec } from './index-specs.js';

function read(collection: Collection, query: ReturnType<typeof randomQuery>): Document[] {
  const outcome = collection.query(query.filter, query);
  return shapeResults(outcome.docs, {
    sort: outcome.sorted ? undefined : query.sort,
    skip: query.skip ?? 0,
    limit: query.limit ?? 0,
  });
}

function answersAlike(indexed: Collection, plain: Collection, random: Random, queries: number): number {
  let indexedReads = 0;
  for (let i = 0; i < queries; i++) {
    const query = randomQuery(random);
    const before = indexed.docsExamined;
    const expected = read(plain, query);
    const actual = read(indexed, query);
    indexedReads += indexed.docsExamined - before;
    const ids = (docs: Document[]) => docs.map((doc) => doc['_id'] as number);
    const order = (docs: Document[]) =>
      query.sort === undefined ? ids(docs).sort((a, b) => a - b) : ids(docs);
    expect(order(actual), JSON.stringify(query)).toEqual(order(expected));
    // Counts, from the index keys alone where the filter allows it, agree with the scan too.
    expect(indexed.countMatches(query.filter).count, JSON.stringify(query)).toBe(
      plain.countMatches(query.filter).count,
    );
  }
  return indexedReads;
}

function collections(seed: number, size: number): { indexed: Collection; plain: Collection; random: Random } {
  const random = seededRandom(seed);
  const indexed = new Collection('db', 'indexed');
  const plain = new Collection('db', 'plain');
  const docs = randomDocuments(random, size);
  // Half the documents exist before the index builds, half are inserted under the indexes.
  for (const doc of docs.slice(0, size / 2)) [indexed, plain].forEach((c) => c.insert(structuredClone(doc)));
  for (const { key, options } of PLANNER_INDEXES)
    indexed.createIndex(normaliseIndexSpec({ key, ...options }));
  for (const doc of docs.slice(size / 2)) [indexed, plain].forEach((c) => c.insert(structuredClone(doc)));
  return { indexed, plain, random };
}

describe('query planner', () => {
  it('returns exactly what a scan returns for random queries, reading fewer documents', () => {
    const { indexed, plain, random } = collections(20250301, 600);
    const scanned = plain.docsExamined;
    const indexedReads = answersAlike(indexed, plain, random, 1500);
    expect(indexedReads).toBeLessThan((plain.docsExamined - scanned) / 3);
  });

  it('keeps answering like a scan while documents change under the indexes', () => {
    const { indexed, plain, random } = collections(7, 400);
    const fresh = randomDocuments(seededRandom(99), 400);
    for (let round = 0; round < 200; round++) {
      const id = Math.floor(random() * 400);
      for (const collection of [indexed, plain]) {
        const [current] = collection.find({ _id: id });
        if (current === undefined) continue;
        if (round % 7 === 0) collection.remove(current);
        else collection.replace(current, { ...structuredClone(fresh[round]), _id: id });
      }
      answersAlike(indexed, plain, random, 5);
    }
  });
});
