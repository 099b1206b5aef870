/**
 * Working hours in the campaign's timezone, including the days the clocks change: the window stays
 * at the same local time, so its UTC time moves by an hour.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CAMPAIGN_SETTINGS } from './defaults.js';
import { codeOf, errorOf } from './testing/fixtures.js';
import {
  assertCampaignSettings,
  isValidTimezone,
  isWithinWorkingHours,
  mergeCampaignSettings,
  nextWorkingTime,
  workingWindowFrom,
} from './working-hours.schedule.js';

const weekdays = { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] };
const at = (iso: string) => new Date(iso);

describe('nextWorkingTime', () => {
  it('keeps a time inside the window', () => {
    // Tuesday 2026-03-10, 10:00 in Paris (UTC+1).
    expect(nextWorkingTime(at('2026-03-10T09:00:00Z'), weekdays, 'Europe/Paris')).toEqual(
      at('2026-03-10T09:00:00Z'),
    );
  });

  it('moves a time before the start to the start of the same day', () => {
    expect(nextWorkingTime(at('2026-03-10T05:00:00Z'), weekdays, 'Europe/Paris')).toEqual(
      at('2026-03-10T08:00:00Z'),
    );
  });

  it('moves a time after the end to the next working day', () => {
    expect(nextWorkingTime(at('2026-03-10T17:00:00Z'), weekdays, 'Europe/Paris')).toEqual(
      at('2026-03-11T08:00:00Z'),
    );
  });

  it('treats the end of the window as outside it', () => {
    expect(nextWorkingTime(at('2026-03-10T17:00:00Z'), weekdays, 'Europe/Paris')).not.toEqual(
      at('2026-03-10T17:00:00Z'),
    );
  });

  it('skips the weekend', () => {
    // Friday 2026-03-13 19:00 Paris -> Monday 09:00 Paris.
    expect(nextWorkingTime(at('2026-03-13T18:00:00Z'), weekdays, 'Europe/Paris')).toEqual(
      at('2026-03-16T08:00:00Z'),
    );
  });

  it('uses the local weekday, not the UTC one', () => {
    // Monday 2026-03-09 01:00 in Tokyo is still Sunday in UTC.
    expect(nextWorkingTime(at('2026-03-08T16:00:00Z'), weekdays, 'Asia/Tokyo')).toEqual(
      at('2026-03-09T00:00:00Z'),
    );
  });

  it('keeps 09:00 local across the spring daylight-saving change', () => {
    // Paris moves to UTC+2 on Sunday 2026-03-29: Friday 09:00 is 08:00Z, Monday 09:00 is 07:00Z.
    expect(nextWorkingTime(at('2026-03-27T17:00:00Z'), weekdays, 'Europe/Paris')).toEqual(
      at('2026-03-30T07:00:00Z'),
    );
  });

  it('keeps 09:00 local across the autumn daylight-saving change', () => {
    // New York moves back to UTC-5 on Sunday 2026-11-01.
    expect(nextWorkingTime(at('2026-10-30T23:00:00Z'), weekdays, 'America/New_York')).toEqual(
      at('2026-11-02T14:00:00Z'),
    );
  });

  it('starts a window that falls in the skipped hour at the first valid local time', () => {
    const night = { start: '02:30', end: '05:00', days: [7] };
    // 02:30 does not exist in Paris on 2026-03-29; the window opens at 03:30 local (01:30Z).
    expect(nextWorkingTime(at('2026-03-28T12:00:00Z'), night, 'Europe/Paris')).toEqual(
      at('2026-03-29T01:30:00Z'),
    );
  });

  it('works with a single working day a week ahead', () => {
    const mondays = { ...weekdays, days: [1] };
    // Monday 2026-03-09 18:30 UTC -> next Monday.
    expect(nextWorkingTime(at('2026-03-09T18:30:00Z'), mondays, 'UTC')).toEqual(at('2026-03-16T09:00:00Z'));
  });
});

describe('isWithinWorkingHours and the current window', () => {
  it('is true inside and false outside', () => {
    expect(isWithinWorkingHours(at('2026-03-10T12:00:00Z'), weekdays, 'UTC')).toBe(true);
    expect(isWithinWorkingHours(at('2026-03-10T08:59:59Z'), weekdays, 'UTC')).toBe(false);
    expect(isWithinWorkingHours(at('2026-03-14T12:00:00Z'), weekdays, 'UTC')).toBe(false);
  });

  it('gives the start and end of the window', () => {
    expect(workingWindowFrom(at('2026-03-10T12:00:00Z'), weekdays, 'UTC')).toEqual({
      start: at('2026-03-10T09:00:00Z'),
      end: at('2026-03-10T18:00:00Z'),
    });
  });

  it('refuses working hours without any working day', () => {
    expect(
      codeOf(() => workingWindowFrom(at('2026-03-10T12:00:00Z'), { ...weekdays, days: [] }, 'UTC')),
    ).toBe('invalid_input');
  });
});

describe('campaign settings', () => {
  it('defaults to UTC, 09:00-18:00 Monday to Friday and a 21-day invitation timeout', () => {
    expect(mergeCampaignSettings()).toEqual({
      timezone: 'UTC',
      workingHours: { start: '09:00', end: '18:00', days: [1, 2, 3, 4, 5] },
      invitationTimeoutDays: 21,
    });
  });

  it('applies a partial patch over the current settings', () => {
    const settings = mergeCampaignSettings(
      { timezone: 'Europe/Berlin', workingHours: { days: [6, 1, 1] } },
      DEFAULT_CAMPAIGN_SETTINGS,
    );
    expect(settings).toEqual({
      timezone: 'Europe/Berlin',
      workingHours: { start: '09:00', end: '18:00', days: [1, 6] },
      invitationTimeoutDays: 21,
    });
    expect(mergeCampaignSettings({ invitationTimeoutDays: 7 }, settings).timezone).toBe('Europe/Berlin');
  });

  it.each([
    [{ timezone: 'Mars/Olympus' }, 'settings.timezone'],
    [{ workingHours: { start: '9:00' } }, 'settings.workingHours.start'],
    [{ workingHours: { end: '24:00' } }, 'settings.workingHours.end'],
    [{ workingHours: { start: '18:00', end: '09:00' } }, 'settings.workingHours.end'],
    [{ workingHours: { days: [] } }, 'settings.workingHours.days'],
    [{ workingHours: { days: [0] } }, 'settings.workingHours.days'],
    [{ workingHours: { days: [8] } }, 'settings.workingHours.days'],
    [{ invitationTimeoutDays: 0 }, 'settings.invitationTimeoutDays'],
    [{ invitationTimeoutDays: 2.5 }, 'settings.invitationTimeoutDays'],
  ])('refuses %j naming %s', (patch, field) => {
    try {
      mergeCampaignSettings(patch);
    } catch (error) {
      expect((error as { code: string }).code).toBe('invalid_input');
      expect((error as { details: unknown }).details).toEqual({ field });
    }
    expect.assertions(2);
  });

  it('validates complete settings', () => {
    expect(codeOf(() => assertCampaignSettings(DEFAULT_CAMPAIGN_SETTINGS))).toBe('no error');
    expect(isValidTimezone('America/Sao_Paulo')).toBe(true);
    expect(isValidTimezone('Nowhere')).toBe(false);
  });
});

describe('campaign settings refused with the message the API returns', () => {
  it.each(['109:00', '09:001'])('refuses the start time %j, which only contains a valid time', (start) => {
    expect(errorOf(() => mergeCampaignSettings({ workingHours: { start } }))).toEqual({
      code: 'invalid_input',
      message: 'settings.workingHours.start must be a time "HH:mm"',
      details: { field: 'settings.workingHours.start' },
    });
  });

  it('refuses a window whose end equals its start, which would never send', () => {
    expect(errorOf(() => mergeCampaignSettings({ workingHours: { start: '09:30', end: '09:30' } }))).toEqual({
      code: 'invalid_input',
      message: 'settings.workingHours.end must be later than the start',
      details: { field: 'settings.workingHours.end' },
    });
  });

  it('accepts a window inside one hour and refuses one ending earlier in the same hour', () => {
    expect(
      mergeCampaignSettings({ workingHours: { start: '09:00', end: '09:30' } }).workingHours,
    ).toMatchObject({
      start: '09:00',
      end: '09:30',
    });
    expect(codeOf(() => mergeCampaignSettings({ workingHours: { start: '09:30', end: '09:10' } }))).toBe(
      'invalid_input',
    );
    expect(codeOf(() => mergeCampaignSettings({ workingHours: { start: '10:00', end: '09:59' } }))).toBe(
      'invalid_input',
    );
  });

  it('accepts Sunday (7) and refuses a day list with one bad day among good ones', () => {
    expect(mergeCampaignSettings({ workingHours: { days: [7] } }).workingHours.days).toEqual([7]);
    expect(errorOf(() => mergeCampaignSettings({ workingHours: { days: [1, 8] } }))).toEqual({
      code: 'invalid_input',
      message: 'settings.workingHours.days must list ISO weekdays from 1 (Monday) to 7 (Sunday)',
      details: { field: 'settings.workingHours.days' },
    });
  });

  it('accepts an invitation timeout of one day and names the rule for zero', () => {
    expect(mergeCampaignSettings({ invitationTimeoutDays: 1 }).invitationTimeoutDays).toBe(1);
    expect(errorOf(() => mergeCampaignSettings({ invitationTimeoutDays: 0 }))).toEqual({
      code: 'invalid_input',
      message: 'settings.invitationTimeoutDays must be 1 or more',
      details: { field: 'settings.invitationTimeoutDays' },
    });
  });

  it('names the timezone rule', () => {
    expect(errorOf(() => mergeCampaignSettings({ timezone: 'Mars/Olympus' }))).toEqual({
      code: 'invalid_input',
      message: 'settings.timezone must be an IANA timezone name',
      details: { field: 'settings.timezone' },
    });
  });

  it('names the working days when a window is asked of hours with none', () => {
    expect(
      errorOf(() => workingWindowFrom(at('2026-03-10T12:00:00Z'), { ...weekdays, days: [] }, 'UTC')),
    ).toEqual({
      code: 'invalid_input',
      message: 'working hours have no working day',
      details: { field: 'workingHours.days' },
    });
  });

  it('names the stored time that cannot be read when building a window', () => {
    const broken = { ...weekdays, start: '9h' };
    expect(errorOf(() => workingWindowFrom(at('2026-03-10T12:00:00Z'), broken, 'UTC'))).toEqual({
      code: 'invalid_input',
      message: 'workingHours.start must be a time "HH:mm"',
      details: { field: 'workingHours.start' },
    });
    const brokenEnd = { ...weekdays, end: '18h' };
    expect(errorOf(() => workingWindowFrom(at('2026-03-10T12:00:00Z'), brokenEnd, 'UTC'))).toMatchObject({
      details: { field: 'workingHours.end' },
    });
  });
});

describe('the first instant of a working window', () => {
  it('is inside working hours, so an action due exactly at 09:00 runs then', () => {
    expect(isWithinWorkingHours(at('2026-03-10T09:00:00Z'), weekdays, 'UTC')).toBe(true);
    expect(nextWorkingTime(at('2026-03-10T09:00:00Z'), weekdays, 'UTC')).toEqual(at('2026-03-10T09:00:00Z'));
  });
});
