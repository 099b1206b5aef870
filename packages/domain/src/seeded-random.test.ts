/** Seeded randomness: the same seed always gives the same draws. */
import { describe, expect, it } from 'vitest';
import { createRandom } from './seeded-random.js';

function draws(seed: number | string, count = 5): number[] {
  const random = createRandom(seed);
  return Array.from({ length: count }, () => random.next());
}

describe('createRandom', () => {
  it('repeats the same sequence for the same seed, numeric or text', () => {
    expect(draws(42)).toEqual(draws(42));
    expect(draws('acc_1:2026-03-10T10:00:00Z')).toEqual(draws('acc_1:2026-03-10T10:00:00Z'));
  });

  it('gives different sequences for different seeds', () => {
    expect(draws(1)).not.toEqual(draws(2));
    expect(draws('a')).not.toEqual(draws('b'));
  });

  it('draws numbers in [0, 1) spread over the range', () => {
    const values = draws(7, 10_000);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean).toBeGreaterThan(0.48);
    expect(mean).toBeLessThan(0.52);
  });

  it('draws integers between both bounds, each bound reachable', () => {
    const random = createRandom(3);
    const seen = new Set(Array.from({ length: 500 }, () => random.int(1, 3)));
    expect([...seen].sort()).toEqual([1, 2, 3]);
    expect(random.int(5, 5)).toBe(5);
  });

  it('refuses reversed or fractional bounds', () => {
    const random = createRandom(3);
    expect(() => random.int(3, 1)).toThrow(RangeError);
    expect(() => random.int(0.5, 1)).toThrow(RangeError);
  });
});

describe('the sequence a seed gives', () => {
  it('hashes a text seed with FNV-1a ("a" is 0xe40c292c)', () => {
    expect(createRandom('a').next()).toBe(createRandom(0xe40c292c).next());
  });

  it('stays the same from one release to the next, so a re-planned action keeps its jitter', () => {
    const random = createRandom(42);
    expect([random.next(), random.next(), random.next()]).toEqual([
      0.6011037519201636, 0.44829055899754167, 0.8524657934904099,
    ]);
  });

  it('says what bounds it needs', () => {
    expect(() => createRandom(1).int(3, 2)).toThrow('int(min, max) needs integers with min <= max');
  });
});
