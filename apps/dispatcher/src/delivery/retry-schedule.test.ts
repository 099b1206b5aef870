import { describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS, MAX_RETRY_AFTER_MS, nextRetryDelayMs, RETRY_DELAYS_MS } from './retry-schedule.js';

const middle = (): number => 0.5;

describe('nextRetryDelayMs', () => {
  it('follows 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h after the first try', () => {
    const delays = [1, 2, 3, 4, 5, 6, 7].map((attempt) => nextRetryDelayMs(attempt, middle));
    expect(delays).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(MAX_ATTEMPTS).toBe(8);
  });

  it('gives up after the eighth attempt', () => {
    expect(nextRetryDelayMs(8, middle)).toBeNull();
  });

  it('spreads each delay by at most ten percent either way', () => {
    expect(nextRetryDelayMs(2, () => 0)).toBe(270_000);
    expect(nextRetryDelayMs(2, () => 0.999_999)).toBe(330_000);
    for (const [index, base] of RETRY_DELAYS_MS.entries()) {
      const delay = nextRetryDelayMs(index + 1, Math.random) ?? 0;
      expect(delay).toBeGreaterThanOrEqual(base * 0.9);
      expect(delay).toBeLessThanOrEqual(base * 1.1);
    }
  });

  it('waits for Retry-After when it is later than the schedule', () => {
    expect(nextRetryDelayMs(1, middle, 120_000)).toBe(120_000);
  });

  it('keeps the schedule when Retry-After is sooner', () => {
    expect(nextRetryDelayMs(2, middle, 1_000)).toBe(300_000);
  });

  it('clamps an absurd Retry-After to a day', () => {
    expect(nextRetryDelayMs(1, middle, 90 * 24 * 3_600_000)).toBe(MAX_RETRY_AFTER_MS);
  });
});
