import { describe, expect, it } from 'vitest';
import { retryDelayMs } from './retry-backoff.js';

describe('retryDelayMs', () => {
  it('doubles with each attempt, within a fifth of jitter', () => {
    const first = retryDelayMs('led_a', 1, 30_000, 3_600_000);
    const third = retryDelayMs('led_a', 3, 30_000, 3_600_000);
    expect(first).toBeGreaterThanOrEqual(30_000);
    expect(first).toBeLessThanOrEqual(36_000);
    expect(third).toBeGreaterThanOrEqual(120_000);
    expect(third).toBeLessThanOrEqual(144_000);
  });

  it('never exceeds the cap, however many attempts', () => {
    expect(retryDelayMs('led_a', 500, 30_000, 3_600_000)).toBe(3_600_000);
  });

  it('plans the same wait for the same lead and attempt, and spreads different leads', () => {
    expect(retryDelayMs('led_a', 2, 30_000, 3_600_000)).toBe(retryDelayMs('led_a', 2, 30_000, 3_600_000));
    const spread = new Set(
      ['led_a', 'led_b', 'led_c', 'led_d'].map((id) => retryDelayMs(id, 2, 30_000, 3_600_000)),
    );
    expect(spread.size).toBeGreaterThan(1);
  });
});
