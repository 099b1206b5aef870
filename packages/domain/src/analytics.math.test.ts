/** Analytics arithmetic: zero denominators give 0, progress counts final states. */
import { describe, expect, it } from 'vitest';
import {
  calendarDays,
  campaignProgress,
  campaignRates,
  fillDailySeries,
  rate,
  totalLeads,
} from './analytics.math.js';

describe('rate', () => {
  it('divides part by whole', () => {
    expect(rate(1, 4)).toBe(0.25);
  });

  it('is 0 with a zero denominator', () => {
    expect(rate(0, 0)).toBe(0);
    expect(rate(3, 0)).toBe(0);
  });

  it('stays between 0 and 1', () => {
    expect(rate(5, 4)).toBe(1);
    expect(rate(-1, 4)).toBe(0);
  });
});

describe('campaignRates', () => {
  it('gives acceptance = accepted / sent and response = replied after a message / messaged', () => {
    expect(
      campaignRates({
        invitationsSent: 10,
        invitationsAccepted: 4,
        leadsMessaged: 8,
        leadsReplied: 5,
        leadsRespondedToMessages: 2,
      }),
    ).toEqual({
      acceptanceRate: 0.4,
      responseRate: 0.25,
    });
  });

  it('gives 0 for both when nothing was sent', () => {
    expect(
      campaignRates({
        invitationsSent: 0,
        invitationsAccepted: 0,
        leadsMessaged: 0,
        leadsReplied: 0,
        leadsRespondedToMessages: 0,
      }),
    ).toEqual({
      acceptanceRate: 0,
      responseRate: 0,
    });
  });
});

describe('campaign progress', () => {
  it('is the percent of leads completed or in error', () => {
    expect(campaignProgress({ waiting: 2, active: 3, paused: 1, completed: 3, error: 1 })).toBe(40);
  });

  it('is 0 with no leads', () => {
    expect(campaignProgress({})).toBe(0);
  });

  it('is 100 when every lead is final', () => {
    expect(campaignProgress({ completed: 7 })).toBe(100);
  });

  it('rounds to two decimals', () => {
    expect(campaignProgress({ completed: 1, waiting: 2 })).toBe(33.33);
  });

  it('counts every lead status in the total', () => {
    expect(totalLeads({ waiting: 1, active: 1, paused: 1, completed: 1, error: 1 })).toBe(5);
  });
});

describe('per-day series', () => {
  it('lists every calendar day of the range in the timezone, both ends included', () => {
    expect(
      calendarDays(new Date('2026-03-09T23:30:00Z'), new Date('2026-03-11T10:00:00Z'), 'Europe/Paris'),
    ).toEqual(['2026-03-10', '2026-03-11']);
    expect(calendarDays(new Date('2026-03-09T23:30:00Z'), new Date('2026-03-11T10:00:00Z'), 'UTC')).toEqual([
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
    ]);
  });

  it('is empty when the range ends before it starts', () => {
    expect(calendarDays(new Date('2026-03-11T00:00:00Z'), new Date('2026-03-10T00:00:00Z'), 'UTC')).toEqual(
      [],
    );
  });

  it('fills days without activity', () => {
    const series = fillDailySeries(['2026-03-09', '2026-03-10'], new Map([['2026-03-10', 4]]), () => 0);
    expect(series).toEqual([
      { date: '2026-03-09', value: 0 },
      { date: '2026-03-10', value: 4 },
    ]);
  });
});
