import { describe, expect, it } from 'vitest';
import { isOrderedWindow, resolveAnalyticsWindow } from './analytics-window.js';

const now = new Date('2025-06-15T12:00:00.000Z');

describe('resolveAnalyticsWindow', () => {
  it('ends now and starts 30 days earlier without dates', () => {
    expect(resolveAnalyticsWindow({}, now)).toEqual({
      start: new Date('2025-05-16T12:00:00.000Z'),
      end: now,
    });
  });

  it('takes a start date as its UTC midnight and includes the whole end date', () => {
    expect(resolveAnalyticsWindow({ startDate: '2025-06-01', endDate: '2025-06-03' }, now)).toEqual({
      start: new Date('2025-06-01T00:00:00.000Z'),
      end: new Date('2025-06-04T00:00:00.000Z'),
    });
  });

  it('takes date-times as the instants they name, offsets included', () => {
    expect(
      resolveAnalyticsWindow(
        { startDate: '2025-06-01T08:00:00+02:00', endDate: '2025-06-02T00:00:00Z' },
        now,
      ),
    ).toEqual({ start: new Date('2025-06-01T06:00:00.000Z'), end: new Date('2025-06-02T00:00:00.000Z') });
  });

  it('ends no later than the last instant of year 9999', () => {
    expect(resolveAnalyticsWindow({ endDate: '9999-12-31' }, now).end).toEqual(
      new Date('9999-12-31T23:59:59.999Z'),
    );
  });

  it('starts at the creation time when one is given and startDate is not', () => {
    const createdAt = new Date('2025-01-02T03:04:05.000Z');
    expect(resolveAnalyticsWindow({}, now, createdAt)).toEqual({ start: createdAt, end: now });
  });

  it('starts at most 366 days before its end, and never after it, from a creation time', () => {
    expect(resolveAnalyticsWindow({}, now, new Date('2020-01-01T00:00:00.000Z')).start).toEqual(
      new Date('2024-06-14T12:00:00.000Z'),
    );
    expect(resolveAnalyticsWindow({ endDate: '2025-06-01' }, now, now).start).toEqual(
      new Date('2025-06-02T00:00:00.000Z'),
    );
  });

  it('counts 30 days back from a given end date', () => {
    expect(resolveAnalyticsWindow({ endDate: '2025-06-30' }, now).start).toEqual(
      new Date('2025-06-01T00:00:00.000Z'),
    );
  });
});

describe('isOrderedWindow', () => {
  it('accepts a single day and refuses a window that ends before it starts', () => {
    expect(isOrderedWindow({ startDate: '2025-06-01', endDate: '2025-06-01' })).toBe(true);
    expect(isOrderedWindow({ startDate: '2025-06-02', endDate: '2025-06-01' })).toBe(false);
    expect(isOrderedWindow({ startDate: '2025-06-01T10:00:00Z', endDate: '2025-06-01T10:00:00Z' })).toBe(
      false,
    );
  });

  it('leaves a window with one open end to the defaults', () => {
    expect(isOrderedWindow({ startDate: '2099-01-01' })).toBe(true);
  });
});
