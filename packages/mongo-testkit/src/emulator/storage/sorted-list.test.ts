import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../testing/random-queries.js';
import { SortedList } from './sorted-list.js';

const byValue = (a: number, b: number) => a - b;

function listOf(values: number[]): SortedList<number> {
  const list = new SortedList(byValue);
  for (const value of values) list.insert(value);
  return list;
}

describe('SortedList', () => {
  it('keeps thousands of random inserts and deletes in order across chunk splits', () => {
    const random = seededRandom(42);
    const values = Array.from({ length: 5_000 }, () => Math.floor(random() * 1_000));
    const list = listOf(values);
    const removed = values.filter((_, i) => i % 3 === 0);
    for (const value of removed) expect(list.delete(value)).toBe(true);
    const kept = [...values];
    for (const value of removed) kept.splice(kept.indexOf(value), 1);
    const everything = [
      ...list.between(
        list.lowerBound(() => 0),
        list.lowerBound(() => -1),
      ),
    ];
    expect(everything).toEqual(kept.sort(byValue));
    expect(list.size).toBe(kept.length);
    expect(list.delete(5_000)).toBe(false);
  });

  it('finds the items between two bounds, forwards and backwards, and counts them', () => {
    const list = new SortedList(byValue);
    list.reset(Array.from({ length: 2_000 }, (_, i) => 1_999 - i));
    const from = list.lowerBound((item) => item - 500);
    const to = list.upperBound((item) => item - 1_499);
    const forwards = [...list.between(from, to)];
    expect(forwards).toHaveLength(1_000);
    expect(forwards[0]).toBe(500);
    expect(forwards.at(-1)).toBe(1_499);
    expect([...list.between(from, to, true)]).toEqual([...forwards].reverse());
    expect(list.rank(to) - list.rank(from)).toBe(1_000);
  });

  it('answers empty ranges and bounds beyond either end', () => {
    const list = listOf([1, 2, 3]);
    const after = list.lowerBound((item) => item - 10);
    expect([...list.between(after, after)]).toEqual([]);
    expect([
      ...list.between(
        list.lowerBound((item) => item - 3),
        list.lowerBound((item) => item - 2),
      ),
    ]).toEqual([]);
    expect([
      ...list.between(
        list.lowerBound((item) => item + 10),
        after,
        true,
      ),
    ]).toEqual([3, 2, 1]);
  });
});
