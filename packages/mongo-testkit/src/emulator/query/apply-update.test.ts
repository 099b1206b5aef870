import { describe, expect, it } from 'vitest';
import { MongoCommandError } from '../mongo-error.js';
import { PreparedUpdate } from './apply-update.js';

function codeOf(work: () => unknown): number {
  try {
    work();
  } catch (error) {
    if (error instanceof MongoCommandError) return error.code;
    throw error;
  }
  throw new Error('expected a MongoDB error');
}

const apply = (
  update: unknown,
  doc: Record<string, unknown>,
  query: Record<string, unknown> = {},
  arrayFilters: Record<string, unknown>[] = [],
) => PreparedUpdate.parse(update, false).apply(doc, query, arrayFilters);

describe('PreparedUpdate validation', () => {
  it('rejects overlapping paths with code 40, across operators and parent/child', () => {
    expect(codeOf(() => PreparedUpdate.parse({ $set: { a: 1 }, $inc: { a: 1 } }, false))).toBe(40);
    expect(codeOf(() => PreparedUpdate.parse({ $set: { 'a.b': 1 }, $unset: { a: '' } }, false))).toBe(40);
    expect(codeOf(() => PreparedUpdate.parse({ $set: { a: 1 }, $setOnInsert: { a: 2 } }, false))).toBe(40);
    expect(codeOf(() => PreparedUpdate.parse({ $rename: { a: 'b' }, $set: { b: 1 } }, false))).toBe(40);
  });

  it('allows sibling paths and several positional paths into one element', () => {
    expect(() =>
      PreparedUpdate.parse({ $set: { 'a.b': 1, 'a.c': 2, 'x.$.y': 1, 'x.$.z': 2 } }, false),
    ).not.toThrow();
  });

  it('rejects unknown operators and mixed operator/field updates with code 9', () => {
    expect(codeOf(() => PreparedUpdate.parse({ $frob: { a: 1 } }, false))).toBe(9);
    expect(codeOf(() => PreparedUpdate.parse({ $set: { a: 1 }, b: 2 }, false))).toBe(9);
    expect(codeOf(() => PreparedUpdate.parse({ a: 1 }, true))).toBe(9);
  });
});

describe('PreparedUpdate.apply', () => {
  it('returns an updated copy and leaves the stored document untouched', () => {
    const stored = { _id: 1, n: 1, list: [1] };
    const { doc, changed } = apply({ $inc: { n: 1 }, $push: { list: 2 } }, stored);
    expect(doc).toEqual({ _id: 1, n: 2, list: [1, 2] });
    expect(changed).toBe(true);
    expect(stored).toEqual({ _id: 1, n: 1, list: [1] });
  });

  it('reports no change when the values are already there', () => {
    expect(apply({ $set: { n: 1 } }, { _id: 1, n: 1 }).changed).toBe(false);
  });

  it('rejects changing _id with code 66 but allows restating it', () => {
    expect(codeOf(() => apply({ $set: { _id: 2 } }, { _id: 1 }))).toBe(66);
    expect(codeOf(() => apply({ $unset: { _id: '' } }, { _id: 1 }))).toBe(66);
    expect(codeOf(() => apply({ _id: 2, a: 1 }, { _id: 1 }))).toBe(66);
    expect(apply({ $set: { _id: 1, a: 1 } }, { _id: 1 }).doc).toEqual({ _id: 1, a: 1 });
  });

  it('resolves every positional $ to the element matched by the query', () => {
    const stored = {
      _id: 1,
      steps: [
        { name: 'a', done: false },
        { name: 'b', done: false },
      ],
    };
    const { doc } = apply({ $set: { 'steps.$.done': true, 'steps.$.name': 'B' } }, stored, {
      'steps.name': 'b',
    });
    expect(doc['steps']).toEqual([
      { name: 'a', done: false },
      { name: 'B', done: true },
    ]);
  });

  it('rejects a positional $ the query does not match with code 2', () => {
    expect(
      codeOf(() => apply({ $set: { 'steps.$.done': true } }, { _id: 1, steps: [{ name: 'a' }] }, { _id: 1 })),
    ).toBe(2);
  });

  it('applies array filters to the identifiers that use them', () => {
    const stored = { _id: 1, items: [{ q: 1 }, { q: 5 }], other: [{ q: 5 }] };
    const { doc } = apply({ $set: { 'items.$[big].flag': true, 'other.$[].seen': true } }, stored, {}, [
      { 'big.q': { $gt: 2 } },
    ]);
    expect(doc).toEqual({ _id: 1, items: [{ q: 1 }, { q: 5, flag: true }], other: [{ q: 5, seen: true }] });
  });

  it('rejects operators whose target has the wrong type, where mingo would do nothing', () => {
    expect(codeOf(() => apply({ $push: { tags: 'x' } }, { _id: 1, tags: 'not an array' }))).toBe(2);
    expect(codeOf(() => apply({ $addToSet: { tags: 'x' } }, { _id: 1, tags: 5 }))).toBe(2);
    expect(codeOf(() => apply({ $inc: { n: 1 } }, { _id: 1, n: 'one' }))).toBe(14);
    expect(codeOf(() => apply({ $set: { 'a.b': 1 } }, { _id: 1, a: 'text' }))).toBe(28);
    expect(codeOf(() => apply({ $set: { 'a.b': 1 } }, { _id: 1, a: null }))).toBe(28);
    expect(apply({ $unset: { 'a.b': '' } }, { _id: 1, a: 'text' }).changed).toBe(false);
    expect(apply({ $set: { 'list.1.x': 1 } }, { _id: 1, list: [{}, {}] }).doc).toEqual({
      _id: 1,
      list: [{}, { x: 1 }],
    });
  });

  it('slices a $push onto a missing field like MongoDB', () => {
    expect(apply({ $push: { list: { $each: [1, 2, 3], $slice: -2 } } }, { _id: 1 }).doc).toEqual({
      _id: 1,
      list: [2, 3],
    });
  });

  it('ignores $setOnInsert on an existing document', () => {
    expect(apply({ $setOnInsert: { created: true }, $set: { a: 1 } }, { _id: 1 }).doc).toEqual({
      _id: 1,
      a: 1,
    });
  });

  it('replaces the whole document, keeping _id first', () => {
    expect(apply({ b: 2 }, { _id: 1, a: 1 }).doc).toEqual({ _id: 1, b: 2 });
  });

  it('runs pipeline-style updates', () => {
    const { doc } = PreparedUpdate.parse(
      [{ $set: { total: { $add: ['$a', '$b'] } } }, { $unset: 'b' }],
      true,
    ).apply({ _id: 1, a: 1, b: 2 }, {}, []);
    expect(doc).toEqual({ _id: 1, a: 1, total: 3 });
  });
});

describe('PreparedUpdate.buildInsert', () => {
  it('starts from the query equalities, then applies the update and $setOnInsert', () => {
    const update = PreparedUpdate.parse(
      { $set: { status: 'new' }, $setOnInsert: { createdAt: 1 }, $inc: { n: 1 } },
      false,
    );
    const doc = update.buildInsert(
      { workspace: 'w', 'profile.handle': 'ada', score: { $gt: 5 }, $and: [{ kind: { $eq: 'lead' } }] },
      [],
    );
    expect(doc).toEqual({
      workspace: 'w',
      profile: { handle: 'ada' },
      kind: 'lead',
      status: 'new',
      createdAt: 1,
      n: 1,
    });
  });

  it('takes _id from the query or from $setOnInsert', () => {
    expect(PreparedUpdate.parse({ $set: { a: 1 } }, false).buildInsert({ _id: 'q' }, [])).toEqual({
      _id: 'q',
      a: 1,
    });
    expect(PreparedUpdate.parse({ $setOnInsert: { _id: 's' } }, false).buildInsert({ a: 1 }, [])).toEqual({
      _id: 's',
      a: 1,
    });
  });

  it('builds a replacement upsert with the query _id', () => {
    expect(PreparedUpdate.parse({ name: 'x' }, false).buildInsert({ _id: 7, other: 1 }, [])).toEqual({
      _id: 7,
      name: 'x',
    });
  });
});
