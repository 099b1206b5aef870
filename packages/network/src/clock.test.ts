import { describe, expect, it } from 'vitest';
import { clockForTimeScale, createManualClock, createScaledClock, systemClock } from './clock.js';

describe('createManualClock', () => {
  it('stands still until advanced or set', () => {
    const clock = createManualClock('2025-01-01T00:00:00.000Z');
    expect(clock().toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(clock.advance(90_000).toISOString()).toBe('2025-01-01T00:01:30.000Z');
    clock.set(new Date('2025-06-01T12:00:00.000Z'));
    expect(clock().toISOString()).toBe('2025-06-01T12:00:00.000Z');
  });

  it('hands out copies, so a caller cannot move time by mutating a date', () => {
    const clock = createManualClock(0);
    clock().setTime(5_000);
    expect(clock().getTime()).toBe(0);
  });

  it('rejects an invalid start', () => {
    expect(() => createManualClock('not a date')).toThrow(RangeError);
  });
});

describe('createScaledClock', () => {
  it('runs scale times faster than real time from its epoch', () => {
    let real = 1_000_000;
    const clock = createScaledClock({ scale: 1440, epoch: 1_000_000, realNow: () => real });
    real += 60_000;
    expect(clock().getTime()).toBe(1_000_000 + 86_400_000);
  });

  it('agrees with another scaled clock of the same epoch and scale created later', () => {
    let real = 5_000;
    const first = createScaledClock({ scale: 100, epoch: 0, realNow: () => real });
    real = 9_000;
    const second = createScaledClock({ scale: 100, epoch: 0, realNow: () => real });
    expect(second().getTime()).toBe(first().getTime());
  });

  it('starts at the current time when no epoch is given', () => {
    const clock = createScaledClock({ scale: 10, realNow: () => 42 });
    expect(clock().getTime()).toBe(42);
  });

  it('rejects a scale that is not positive', () => {
    expect(() => createScaledClock({ scale: 0 })).toThrow(RangeError);
  });
});

describe('clockForTimeScale', () => {
  it('is real time at scale 1, whatever the epoch', () => {
    expect(clockForTimeScale(1)).toBe(systemClock);
    expect(clockForTimeScale(1, '2025-01-06T00:00:00.000Z')).toBe(systemClock);
  });

  it('runs scale times faster than real time from the given epoch', () => {
    const epoch = Date.now() - 1_000;
    const elapsed = clockForTimeScale(3_600, epoch)().getTime() - epoch;
    // One real second (and a little more while the test runs) is an hour or a little more.
    expect(elapsed).toBeGreaterThanOrEqual(3_600_000);
    expect(elapsed).toBeLessThan(3_600_000 + 60 * 60_000);
  });

  it('starts at the current time when no epoch is given', () => {
    expect(Math.abs(clockForTimeScale(1_000)().getTime() - Date.now())).toBeLessThan(1_000);
  });

  it('rejects a scale that is not positive', () => {
    expect(() => clockForTimeScale(0)).toThrow(RangeError);
  });
});

describe('systemClock', () => {
  it('reads real time', () => {
    expect(Math.abs(systemClock().getTime() - Date.now())).toBeLessThan(1_000);
  });
});
