import { describe, expect, it } from 'vitest';
import { analyticsWindow, utcDays } from './analytics-window.js';

describe('analyticsWindow', () => {
  const now = new Date('2025-06-10T12:00:00.000Z');

  const createdAt = new Date('2025-03-01T08:00:00.000Z');

  it('reads date-only bounds as whole UTC days, the end day included', () => {
    expect(analyticsWindow({ startDate: '2025-06-01', endDate: '2025-06-03' }, now, createdAt)).toEqual({
      from: new Date('2025-06-01T00:00:00.000Z'),
      to: new Date('2025-06-04T00:00:00.000Z'),
      startFrom: 'query',
    });
  });

  it('defaults to the time from the creation up to now', () => {
    expect(analyticsWindow({}, now, createdAt)).toEqual({ from: createdAt, to: now, startFrom: 'creation' });
  });

  it('starts 366 days before now by default when the creation is older, and says so', () => {
    expect(analyticsWindow({}, now, new Date('2020-01-01T00:00:00.000Z'))).toEqual({
      from: new Date('2024-06-09T12:00:00.000Z'),
      to: now,
      startFrom: 'limit',
    });
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
