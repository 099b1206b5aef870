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

describe('SortedList inserts at the end', () => {
  it('keeps order when growing keys are appended among ties and out-of-order ones', () => {
    const random = seededRandom(7);
    const values: number[] = [];
    let next = 0;
    for (let i = 0; i < 3_000; i++) {
      // Mostly growing (appended), some equal to the last, some smaller (placed by search).
      const roll = random();
      next += roll < 0.7 ? 1 : 0;
      values.push(roll < 0.9 ? next : Math.floor(random() * next));
    }
    const list = listOf(values);
    const everything = [
      ...list.between(
        list.lowerBound(() => 0),
        list.lowerBound(() => -1),
      ),
    ];
    expect(everything).toEqual([...values].sort(byValue));
    for (const value of values.slice(0, 1_000)) expect(list.delete(value)).toBe(true);
    expect(list.size).toBe(2_000);
  });
});
