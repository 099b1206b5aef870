import { describe, expect, it } from 'vitest';
import { scaledClock } from './clock.js';

describe('scaledClock', () => {
  it('runs scale times faster than real time from its epoch', () => {
    let real = Date.parse('2025-03-01T00:00:00Z');
    const clock = scaledClock(8_640, new Date(real), () => real);
    expect(clock.now().toISOString()).toBe('2025-03-01T00:00:00.000Z');
    real += 10_000;
    expect(clock.now().toISOString()).toBe('2025-03-02T00:00:00.000Z');
  });

  it('refuses a scale that is not positive', () => {
    expect(() => scaledClock(0, new Date())).toThrow(RangeError);
  });
});
