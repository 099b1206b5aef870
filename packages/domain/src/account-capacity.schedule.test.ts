/** Per-account daily and weekly caps, counted in calendar periods of the account's timezone. */
import { describe, expect, it } from 'vitest';
import {
  cappedActionForStep,
  cappedActionOf,
  limitsReport,
  mergeAccountLimits,
  nextCapacityAt,
  remainingCapacity,
  usagePeriods,
  lastDayPeriodKeys,
} from './account-capacity.schedule.js';
import { DEFAULT_ACCOUNT_LIMITS } from './defaults.js';
import { codeOf, errorOf } from './testing/fixtures.js';

const limits = DEFAULT_ACCOUNT_LIMITS;
const at = (iso: string) => new Date(iso);

describe('default caps', () => {
  it('are 20 invitations a day and 100 a week, 50 messages, 20 InMails and 80 visits a day', () => {
    expect(limits).toEqual({
      invitationsPerDay: 20,
      invitationsPerWeek: 100,
      messagesPerDay: 50,
      inmailsPerDay: 20,
      profileVisitsPerDay: 80,
    });
  });
});

describe('remainingCapacity', () => {
  it('is the daily cap minus what was used today', () => {
    expect(remainingCapacity('message', limits, { today: { message: 45 }, invitationsThisWeek: 0 })).toBe(5);
    expect(remainingCapacity('profile_visit', limits, { today: {}, invitationsThisWeek: 0 })).toBe(80);
    expect(remainingCapacity('inmail', limits, { today: { inmail: 25 }, invitationsThisWeek: 0 })).toBe(0);
  });

  it('limits invitations by the weekly cap too', () => {
    expect(
      remainingCapacity('invitation', limits, { today: { invitation: 5 }, invitationsThisWeek: 95 }),
    ).toBe(5);
    expect(
      remainingCapacity('invitation', limits, { today: { invitation: 2 }, invitationsThisWeek: 90 }),
    ).toBe(10);
    expect(remainingCapacity('invitation', limits, { today: {}, invitationsThisWeek: 100 })).toBe(0);
  });
});

describe('nextCapacityAt', () => {
  const now = at('2026-03-11T15:00:00Z'); // Wednesday

  it('is now while capacity remains', () => {
    expect(
      nextCapacityAt('message', limits, { today: { message: 1 }, invitationsThisWeek: 0 }, now, 'UTC'),
    ).toEqual(now);
  });

  it('is the next local midnight when the daily cap is used up', () => {
    const usage = { today: { message: 50 }, invitationsThisWeek: 0 };
    expect(nextCapacityAt('message', limits, usage, now, 'Europe/Paris')).toEqual(at('2026-03-11T23:00:00Z'));
  });

  it('is next Monday when the weekly invitation cap is used up', () => {
    const usage = { today: { invitation: 3 }, invitationsThisWeek: 100 };
    expect(nextCapacityAt('invitation', limits, usage, now, 'UTC')).toEqual(at('2026-03-16T00:00:00Z'));
  });

  it('is tomorrow when only the daily invitation cap is used up', () => {
    const usage = { today: { invitation: 20 }, invitationsThisWeek: 40 };
    expect(nextCapacityAt('invitation', limits, usage, now, 'UTC')).toEqual(at('2026-03-12T00:00:00Z'));
  });
});

describe('lastDayPeriodKeys', () => {
  it("names the account's own days back from today, across a month's end", () => {
    expect(lastDayPeriodKeys(at('2026-03-01T23:30:00Z'), 'Europe/Berlin', 3)).toEqual([
      'day:2026-03-02',
      'day:2026-03-01',
      'day:2026-02-28',
    ]);
  });
});

describe('usagePeriods', () => {
  it("keys the day and the ISO week in the account's timezone", () => {
    // Sunday 23:30 UTC is already Monday in Berlin.
    const periods = usagePeriods(at('2026-03-15T23:30:00Z'), 'Europe/Berlin');
    expect(periods.day).toEqual({
      key: '2026-03-16',
      start: at('2026-03-15T23:00:00Z'),
      end: at('2026-03-16T23:00:00Z'),
    });
    expect(periods.week.key).toBe('2026-W12');
    expect(periods.week.start).toEqual(at('2026-03-15T23:00:00Z'));
  });

  it("keys the month in the account's timezone, for the monthly InMail credits", () => {
    // The last evening of March in UTC is already April in Berlin.
    const { month } = usagePeriods(at('2026-03-31T22:30:00Z'), 'Europe/Berlin');
    expect(month).toEqual({
      key: '2026-04',
      start: at('2026-03-31T22:00:00Z'),
      end: at('2026-04-30T22:00:00Z'),
    });
  });

  it('has a 23-hour day when the clocks go forward', () => {
    const { day } = usagePeriods(at('2026-03-29T12:00:00Z'), 'Europe/Paris');
    expect(day.end.getTime() - day.start.getTime()).toBe(23 * 3_600_000);
  });

  it('refuses an unknown timezone with invalid_input', () => {
    expect(codeOf(() => usagePeriods(at('2026-03-15T00:00:00Z'), 'Mars/Olympus'))).toBe('invalid_input');
  });
});

describe('which cap an action uses', () => {
  it('maps executed actions to caps', () => {
    expect(cappedActionOf('invitation_sent')).toBe('invitation');
    expect(cappedActionOf('message_sent')).toBe('message');
    expect(cappedActionOf('inmail_sent')).toBe('inmail');
    expect(cappedActionOf('profile_visited')).toBe('profile_visit');
    expect(cappedActionOf('reply_received')).toBeNull();
    expect(cappedActionOf('invitation_accepted')).toBeNull();
  });

  it('maps steps to caps, messages to non-connections counting as InMails', () => {
    expect(cappedActionForStep('invitation')).toBe('invitation');
    expect(cappedActionForStep('visit_profile')).toBe('profile_visit');
    expect(cappedActionForStep('message')).toBe('message');
    expect(cappedActionForStep('screener', true)).toBe('inmail');
  });
});

describe('limits', () => {
  it('reports each cap with what was used and what is left', () => {
    const report = limitsReport(limits, { today: { invitation: 5, message: 60 }, invitationsThisWeek: 30 });
    expect(report).toEqual({
      invitationsPerDay: { limit: 20, used: 5, remaining: 15 },
      invitationsPerWeek: { limit: 100, used: 30, remaining: 70 },
      messagesPerDay: { limit: 50, used: 60, remaining: 0 },
      inmailsPerDay: { limit: 20, used: 0, remaining: 20 },
      profileVisitsPerDay: { limit: 80, used: 0, remaining: 80 },
    });
  });

  it('changes caps with a patch and refuses negative or fractional values', () => {
    expect(mergeAccountLimits(limits, { messagesPerDay: 10, inmailsPerDay: 0 })).toMatchObject({
      messagesPerDay: 10,
      inmailsPerDay: 0,
      invitationsPerDay: 20,
    });
    expect(codeOf(() => mergeAccountLimits(limits, { invitationsPerDay: -1 }))).toBe('invalid_input');
    expect(codeOf(() => mergeAccountLimits(limits, { invitationsPerWeek: 1.5 }))).toBe('invalid_input');
  });
});

describe('a full weekly invitation cap', () => {
  const now = at('2026-03-11T15:00:00Z'); // Wednesday
  const weekFull = { invitationsThisWeek: 100 };

  it('still lets messages, InMails and profile visits go', () => {
    const usage = { today: { message: 10, inmail: 2, profile_visit: 30 }, ...weekFull };
    expect(remainingCapacity('message', limits, usage)).toBe(40);
    expect(remainingCapacity('inmail', limits, usage)).toBe(18);
    expect(remainingCapacity('profile_visit', limits, usage)).toBe(50);
    expect(nextCapacityAt('message', limits, usage, now, 'UTC')).toEqual(now);
    expect(remainingCapacity('invitation', limits, usage)).toBe(0);
  });

  it('makes a message whose daily cap is used up wait until tomorrow, not next Monday', () => {
    const usage = { today: { message: 50 }, ...weekFull };
    expect(nextCapacityAt('message', limits, usage, now, 'UTC')).toEqual(at('2026-03-12T00:00:00Z'));
  });

  it('makes an invitation wait until next Monday even when the daily cap has room', () => {
    const usage = { today: { invitation: 0 }, ...weekFull };
    expect(nextCapacityAt('invitation', limits, usage, now, 'UTC')).toEqual(at('2026-03-16T00:00:00Z'));
  });
});

describe('cap errors the API returns', () => {
  it('names the unknown timezone and its field', () => {
    expect(errorOf(() => usagePeriods(at('2026-03-15T00:00:00Z'), 'Mars/Olympus'))).toEqual({
      code: 'invalid_input',
      message: 'unknown timezone: Mars/Olympus',
      details: { field: 'timezone' },
    });
  });

  it('names the limit a patch sets to a negative value', () => {
    expect(errorOf(() => mergeAccountLimits(limits, { messagesPerDay: -1 }))).toEqual({
      code: 'invalid_input',
      message: 'limits.messagesPerDay must be a whole number, 0 or more',
      details: { field: 'limits.messagesPerDay' },
    });
  });
});
