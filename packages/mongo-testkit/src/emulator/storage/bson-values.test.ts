import { Decimal128, ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import {
  cloneDocument,
  encodeKey,
  isIndexableScalar,
  sameKey,
  setPath,
  valuesAtPath,
  withIdFirst,
} from './bson-values.js';

describe('encodeKey', () => {
  it('is equal exactly for values MongoDB treats as equal', () => {
    const id = new ObjectId();
    expect(encodeKey(new ObjectId(id.toHexString()))).toBe(encodeKey(id));
    expect(encodeKey(new Date(5))).toBe(encodeKey(new Date(5)));
    expect(encodeKey(-0)).toBe(encodeKey(0));
    expect(encodeKey({ a: 1, b: [2] })).toBe(encodeKey({ a: 1, b: [2] }));
  });

  it('tells types and field orders apart', () => {
    expect(encodeKey(1)).not.toBe(encodeKey('1'));
    expect(encodeKey(true)).not.toBe(encodeKey(1));
    expect(encodeKey(null)).not.toBe(encodeKey(undefined));
    expect(encodeKey({ a: 1, b: 2 })).not.toBe(encodeKey({ b: 2, a: 1 }));
    expect(encodeKey(new Date(0))).not.toBe(encodeKey(0));
  });
});

describe('sameKey', () => {
  const id = new ObjectId();
  const values: unknown[] = [
    undefined,
    null,
    0,
    -0,
    1,
    1.5,
    Number.NaN,
    2n,
    '1',
    '',
    true,
    false,
    new Date(0),
    new Date(5),
    id,
    new ObjectId(id.toHexString()),
    new ObjectId(),
    Decimal128.fromString('1'),
    /a/i,
    /a/,
    [],
    [1],
    [1, 2],
    [2, 1],
    [[1]],
    [{ a: 1 }],
    {},
    { a: 1 },
    { a: 1.0 },
    { a: '1' },
    { a: 1, b: 2 },
    { b: 2, a: 1 },
    { a: { b: [1, { c: null }] } },
    { a: { b: [1, { c: undefined }] } },
    { a: undefined },
    { a: [1, 2] },
    { a: [1, 3] },
  ];

  it('agrees with comparing encodeKey strings, for every pair', () => {
    for (const a of values) {
      for (const b of values) {
        expect([a, b, sameKey(a, b)]).toEqual([a, b, encodeKey(a) === encodeKey(b)]);
      }
    }
  });

  it('tells a document from its copy with one deep field changed', () => {
    const before = {
      _id: 1,
      attempts: [
        { n: 1, status: 500 },
        { n: 2, status: 200 },
      ],
      lease: null,
    };
    const after = cloneDocument(before);
    expect(sameKey(after, before)).toBe(true);
    const [, second] = after['attempts'] as { status: number }[];
    if (second !== undefined) second.status = 201;
    expect(sameKey(after, before)).toBe(false);
  });
});

describe('valuesAtPath', () => {
  it('traverses arrays of documents and yields arrays with their elements', () => {
    const doc = { items: [{ sku: 'a' }, { sku: 'b' }], tags: ['x', 'y'] };
    expect(valuesAtPath(doc, ['items', 'sku'])).toEqual(['a', 'b']);
    expect(valuesAtPath(doc, ['tags'])).toEqual([['x', 'y'], 'x', 'y']);
  });

  it('counts a missing field as null for indexes and as nothing for distinct', () => {
    expect(valuesAtPath({ a: 1 }, ['b'])).toEqual([null]);
    expect(valuesAtPath({ a: 1 }, ['b'], 'skip')).toEqual([]);
    expect(valuesAtPath({ a: { b: null } }, ['a', 'b'], 'skip')).toEqual([null]);
  });
});

describe('document helpers', () => {
  it('accepts only unambiguous scalars for index lookups', () => {
    expect(['a', 3, true, new Date(), new ObjectId()].every(isIndexableScalar)).toBe(true);
    expect([null, [1], { a: 1 }, /x/, Number.NaN, Decimal128.fromString('1')].some(isIndexableScalar)).toBe(
      false,
    );
  });

  it('deep-copies plain data and shares BSON values', () => {
    const id = new ObjectId();
    const doc = { _id: id, nested: { list: [1, { x: 2 }] }, at: new Date(1) };
    const copy = cloneDocument(doc);
    expect(copy).toEqual(doc);
    expect(copy.nested).not.toBe(doc.nested);
    expect(copy.at).not.toBe(doc.at);
    expect(copy._id).toBe(id);
  });

  it('creates intermediate documents for dotted paths and moves _id first', () => {
    const doc: Record<string, unknown> = { b: 1 };
    setPath(doc, 'a.b.c', 1);
    expect(doc).toEqual({ b: 1, a: { b: { c: 1 } } });
    expect(Object.keys(withIdFirst({ a: 1, _id: 2 }))).toEqual(['_id', 'a']);
  });
});
