import { Binary, Long, ObjectId, Timestamp } from 'bson';
import { describe, expect, it } from 'vitest';
import { compareBson, typeRank, TypeRank } from './bson-order.js';

const sorted = (values: unknown[]) => [...values].sort(compareBson);

describe('compareBson', () => {
  it('orders types as MongoDB does: null, numbers, strings, documents, arrays, binaries, ObjectIds, booleans, dates', () => {
    const id = new ObjectId();
    const binary = new Binary(new Uint8Array([1]));
    const expected = [
      null,
      -1,
      2.5,
      'a',
      'b',
      { a: 1 },
      [1],
      binary,
      id,
      false,
      true,
      new Date(0),
      new Timestamp({ t: 1, i: 1 }),
      /x/,
    ];
    expect(sorted([...expected].reverse())).toEqual(expected);
  });

  it('compares numbers of any width by value, with NaN below every number and -0 equal to 0', () => {
    expect(sorted([3, Long.fromNumber(2), Number.NaN, -5, 2.5])).toEqual([
      Number.NaN,
      -5,
      Long.fromNumber(2),
      2.5,
      3,
    ]);
    expect(compareBson(-0, 0)).toBe(0);
    expect(compareBson(Long.fromNumber(7), 7)).toBe(0);
  });

  it('compares documents field by field and arrays element by element, shorter first', () => {
    expect(compareBson({ a: 1, b: 2 }, { a: 1, b: 3 })).toBeLessThan(0);
    expect(compareBson({ a: 1 }, { a: 1, b: 0 })).toBeLessThan(0);
    expect(compareBson({ a: 'x' }, { b: 1 })).toBeGreaterThan(0); // the value's type decides before the name
    expect(compareBson([1, 2], [1, 3])).toBeLessThan(0);
    expect(compareBson([1], [1, 0])).toBeLessThan(0);
  });

  it('orders ObjectIds by their bytes (creation time first) and dates by time', () => {
    const early = ObjectId.createFromTime(1_000);
    const late = ObjectId.createFromTime(2_000);
    expect(compareBson(early, late)).toBeLessThan(0);
    expect(compareBson(new Date(5), new Date(4))).toBeGreaterThan(0);
  });

  it('ranks a missing value below null and everything above MinKey', () => {
    expect(typeRank(undefined)).toBeLessThan(typeRank(null));
    expect(typeRank(new Date())).toBe(TypeRank.Date);
    expect(typeRank(Long.fromNumber(1))).toBe(TypeRank.Number);
  });
});
