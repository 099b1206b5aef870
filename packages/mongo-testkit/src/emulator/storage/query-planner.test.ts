import type { Document } from 'bson';
import { describe, expect, it } from 'vitest';
import { Collection } from './collection.js';
import { normaliseIndexSpec } from './index-specs.js';
import type { QueryOptions } from './query-planner.js';

const HOUR = 3_600_000;
const NOW = new Date(Date.UTC(2025, 2, 3, 10));

/** 1,000 leads in two workspaces; a few are due, most are due later, some have no due time. */
function leads(): Collection {
  const collection = new Collection('db', 'leads');
  for (let i = 0; i < 1_000; i++) {
    const doc: Document = {
      _id: i,
      w: i % 2 === 0 ? 'w1' : 'w2',
      c: `c${i % 5}`,
      tags: [`t${i % 3}`, 'all'],
    };
    // Leads 0, 10, 20 ... 90 are due (the earliest first), the rest due in the future, every 7th none.
    if (i % 7 !== 0) doc['due'] = new Date(NOW.getTime() + (i < 100 && i % 10 === 0 ? i - 100 : i) * HOUR);
    collection.insert(doc);
  }
  return collection;
}

function withIndexes(collection: Collection, ...specs: Document[]): Collection {
  for (const spec of specs) collection.createIndex(normaliseIndexSpec(spec));
  return collection;
}

function planOf(collection: Collection, filter: Document, options: QueryOptions = {}) {
  const outcome = collection.query(filter, options);
  const { plan } = outcome;
  return {
    index: plan.stage === 'IXSCAN' ? plan.index.name : plan.stage,
    sortedByIndex: plan.stage === 'IXSCAN' && plan.sortedByIndex,
    backward: plan.stage === 'IXSCAN' && plan.backward,
    ids: outcome.docs.map((doc) => doc['_id'] as number),
    docsExamined: outcome.docsExamined,
  };
}

const claimIndex = { key: { w: 1, c: 1, due: 1 }, partialFilterExpression: { due: { $exists: true } } };

describe('query planner', () => {
  it('answers equality on leading fields plus a range on the next from the index, reading only matches', () => {
    const collection = withIndexes(leads(), { key: { w: 1 } }, claimIndex);
    const due = planOf(collection, { w: 'w1', c: 'c0', due: { $lte: NOW } });
    expect(due).toMatchObject({
      index: 'w_1_c_1_due_1',
      ids: [10, 20, 30, 40, 50, 60, 80, 90],
      docsExamined: 8,
    });
    const between = planOf(collection, {
      w: 'w1',
      c: 'c0',
      due: { $gt: NOW, $lt: new Date(NOW.getTime() + 200 * HOUR) },
    });
    expect(between).toMatchObject({ ids: [100, 110, 120, 130, 150, 160, 170, 180, 190], docsExamined: 9 });
  });

  it('walks the index in sort order, either way, and stops at the limit', () => {
    const collection = withIndexes(leads(), claimIndex);
    const first = planOf(
      collection,
      { w: 'w1', c: 'c0', due: { $lte: NOW } },
      { sort: { due: 1 }, limit: 1 },
    );
    expect(first).toMatchObject({ ids: [10], sortedByIndex: true, backward: false, docsExamined: 1 });
    // Lead 980 has no due time (every 7th), so it is not in the partial index.
    const last = planOf(
      collection,
      { w: 'w1', c: 'c0', due: { $exists: true } },
      { sort: { w: 1, due: -1 }, limit: 2, skip: 1 },
    );
    expect(last).toMatchObject({
      ids: [990, 970, 960],
      sortedByIndex: true,
      backward: true,
      docsExamined: 3,
    });
  });

  it('prefers the longest usable prefix, then an index giving the sort, then the fewest entries', () => {
    const collection = withIndexes(
      leads(),
      { key: { w: 1 } },
      { key: { c: 1, w: 1, _id: 1 } },
      { key: { w: 1, c: 1 } },
      claimIndex,
    );
    expect(planOf(collection, { w: 'w1', c: 'c1', due: { $gte: NOW } }).index).toBe('w_1_c_1_due_1');
    expect(planOf(collection, { w: 'w1', c: 'c1' }).index).toBe('w_1_c_1');
    expect(planOf(collection, { w: 'w1', c: 'c1' }, { sort: { _id: -1 }, limit: 1 })).toMatchObject({
      index: 'c_1_w_1__id_1',
      ids: [996],
      docsExamined: 1,
    });
    expect(planOf(collection, { w: 'w1' }).index).toBe('w_1');
  });

  it('sorts the matches itself when the index cannot give the order', () => {
    const collection = withIndexes(leads(), { key: { w: 1, tags: 1 } }, claimIndex);
    // The claim index cannot be used without a condition implying its filter (`due` exists).
    expect(planOf(collection, { w: 'w1', c: 'c0' }, { sort: { due: 1 }, limit: 1 })).toMatchObject({
      index: 'w_1_tags_1',
      sortedByIndex: false,
      docsExamined: 500,
    });
    // `tags` holds arrays: an array sorts by one of its elements, which an index walk cannot reproduce.
    expect(planOf(collection, { w: 'w2' }, { sort: { tags: 1 }, limit: 1 }).sortedByIndex).toBe(false);
  });

  it('uses a partial or sparse index only for queries whose matches it holds', () => {
    const collection = withIndexes(leads(), claimIndex, { key: { c: 1, due: 1 }, sparse: true });
    expect(planOf(collection, { due: null })).toMatchObject({ index: 'COLLSCAN', docsExamined: 1_000 });
    // A sparse compound index holds every document with one of its fields, here `c`.
    expect(planOf(collection, { w: 'w1', c: 'c3', due: null }).index).toBe('c_1_due_1');
    expect(planOf(collection, { w: 'w1', c: 'c3', due: { $exists: true } }).index).toBe('w_1_c_1_due_1');
    expect(planOf(collection, { c: 'c3' }).index).toBe('c_1_due_1');
    expect(planOf(collection, {}, { sort: { c: 1, due: 1 }, limit: 1 }).index).toBe('COLLSCAN');
    expect(planOf(collection, { c: 'c3', due: null }).ids).toHaveLength(28);
  });

  it('walks every $in value of the prefix, in index order, without repeating a multikey document', () => {
    const collection = withIndexes(leads(), { key: { tags: 1, w: 1 } });
    const found = planOf(collection, { tags: { $in: ['all', 't0'] }, w: { $in: ['w2', 'w1'] } });
    expect(found.index).toBe('tags_1_w_1');
    expect(found.ids).toHaveLength(1_000);
    expect(found.docsExamined).toBe(1_000);
    expect(planOf(collection, { tags: 't1', w: 'w1' }).docsExamined).toBe(166);
  });

  it('uses one bound of a range on an array field, where different elements may meet each bound', () => {
    const collection = withIndexes(new Collection('db', 'scores'), { key: { scores: 1 } });
    collection.insert({ _id: 1, scores: [0, 9] });
    collection.insert({ _id: 2, scores: [3] });
    collection.insert({ _id: 3, scores: 7 });
    // Walked from 1 up: keys 3 (document 2), 7 (document 3), 9 (document 1).
    expect(planOf(collection, { scores: { $gt: 1, $lt: 5 } })).toMatchObject({
      index: 'scores_1',
      ids: [2, 1],
      docsExamined: 3,
    });
  });

  it('serves ranges and sorts on _id from the _id index, and equality on _id directly', () => {
    const collection = leads();
    expect(planOf(collection, { w: 'w2' }, { sort: { _id: -1 }, limit: 2 })).toMatchObject({
      index: '_id_',
      ids: [999, 997],
      backward: true,
      docsExamined: 3,
    });
    expect(planOf(collection, { _id: { $gte: 500, $lt: 503 } })).toMatchObject({
      ids: [500, 501, 502],
      docsExamined: 3,
    });
    expect(planOf(collection, { _id: { $in: [3, 1] } })).toMatchObject({ index: 'IDHACK', docsExamined: 2 });
  });

  it('brackets ranges by type, as MongoDB does: a date range returns only dates', () => {
    const collection = withIndexes(new Collection('db', 'mixed'), { key: { at: 1 } });
    const values = [null, 5, 'text', new Date(0), new Date(10), true, { nested: 1 }];
    values.forEach((at, i) => collection.insert({ _id: i, at }));
    collection.insert({ _id: 99 });
    expect(planOf(collection, { at: { $lte: new Date(5) } })).toMatchObject({ ids: [3], docsExamined: 1 });
    expect(planOf(collection, { at: { $gt: 1 } })).toMatchObject({ ids: [1], docsExamined: 1 });
    expect(planOf(collection, { at: { $gte: '' } })).toMatchObject({ ids: [2], docsExamined: 1 });
  });
});
