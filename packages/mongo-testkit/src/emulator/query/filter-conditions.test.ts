import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { equalityConditions, fieldConditions } from './filter-conditions.js';

describe('equalityConditions', () => {
  it('collects plain, $eq and $in equalities, also inside $and', () => {
    const id = new ObjectId();
    const found = equalityConditions({
      _id: id,
      status: { $in: ['a', 'b'] },
      $and: [{ email: { $eq: 'x' } }],
    });
    expect(Object.fromEntries(found)).toEqual({ _id: [id], status: ['a', 'b'], email: ['x'] });
  });

  it('reads null as an equality (null or missing fields are keyed as null)', () => {
    expect(equalityConditions({ a: null, b: { $eq: null }, c: { $in: [null, 1] } })).toEqual(
      new Map<string, unknown[]>([
        ['a', [null]],
        ['b', [null]],
        ['c', [null, 1]],
      ]),
    );
  });

  it('ignores conditions an index cannot answer completely', () => {
    const found = equalityConditions({
      b: /x/,
      c: { $gt: 1 },
      d: { e: 1 },
      f: [1],
      $or: [{ g: 1 }],
      h: { $in: [1, /y/] },
    });
    expect(found.size).toBe(0);
  });

  it('keeps the narrowest condition for a field that appears twice', () => {
    const found = equalityConditions({ a: { $in: [1, 2, 3] }, $and: [{ a: 2 }] });
    expect(found.get('a')).toEqual([2]);
  });
});

describe('fieldConditions', () => {
  it('collects range bounds, $exists and $type next to equalities', () => {
    const now = new Date();
    const found = fieldConditions({
      dueAt: { $lte: now, $gt: new Date(0) },
      $and: [{ dueAt: { $exists: true } }, { kind: { $type: 'string' } }],
      score: { $gte: 3, $ne: 5 },
    });
    expect(found.get('dueAt')).toEqual({
      ranges: [
        { op: '$lte', value: now },
        { op: '$gt', value: new Date(0) },
      ],
      exists: true,
      types: [],
    });
    expect(found.get('kind')?.types).toEqual(['string']);
    expect(found.get('score')?.ranges).toEqual([{ op: '$gte', value: 3 }]);
  });

  it('ignores bounds an index cannot order and conditions that do not bind every match', () => {
    const found = fieldConditions({
      a: { $gt: null },
      b: { $lt: [1] },
      c: { $not: { $gt: 1 } },
      $or: [{ d: { $gt: 1 } }],
      e: { $exists: false },
    });
    expect(found.get('a')?.ranges).toEqual([]);
    expect(found.get('b')?.ranges).toEqual([]);
    expect(found.get('c')?.ranges).toEqual([]);
    expect(found.has('d')).toBe(false);
    expect(found.get('e')?.exists).toBe(false);
  });
});
