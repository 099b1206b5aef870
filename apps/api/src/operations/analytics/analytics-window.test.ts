import { describe, expect, it } from 'vitest';
import { analyticsWindow, utcDays } from './analytics-window.js';

describe('analyticsWindow', () => {
  const now = new Date('2025-06-10T12:00:00.000Z');

  it('reads date-only bounds as whole UTC days, the end day included', () => {
    expect(analyticsWindow({ startDate: '2025-06-01', endDate: '2025-06-03' }, now)).toEqual({
      from: new Date('2025-06-01T00:00:00.000Z'),
      to: new Date('2025-06-04T00:00:00.000Z'),
    });
  });

  it('defaults to the 30 days up to now', () => {
    expect(analyticsWindow({}, now)).toEqual({ from: new Date('2025-05-11T12:00:00.000Z'), to: now });
  });
});

describe('utcDays', () => {
  it('lists every UTC day the window touches, the exclusive end left out', () => {
    expect(
      utcDays({ from: new Date('2025-06-01T22:00:00.000Z'), to: new Date('2025-06-03T00:00:00.000Z') }),
    ).toEqual(['2025-06-01', '2025-06-02']);
  });

  it('lists the one day of an empty window', () => {
    const at = new Date('2025-06-01T10:00:00.000Z');
    expect(utcDays({ from: at, to: at })).toEqual(['2025-06-01']);
  });
});
