import { ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { equalityConditions } from './equality-conditions.js';

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

  it('ignores conditions an index cannot answer completely', () => {
    const found = equalityConditions({
      a: null,
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
