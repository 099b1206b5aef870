/**
 * Working hours: actions run only inside the campaign's window ("09:00"-"18:00" on the chosen ISO
 * weekdays) in the campaign's timezone. Local times are built with the timezone's rules for that
 * very day, so the window follows daylight-saving changes (a 09:00 start stays 09:00 local).
 */
import { DateTime, IANAZone } from 'luxon';
import { DEFAULT_CAMPAIGN_SETTINGS } from './defaults.js';
import { DomainError } from './errors.js';
import type { CampaignSettings, WorkingHours } from './model.types.js';

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

interface Clock {
  hour: number;
  minute: number;
}

function parseClock(field: string, value: string): Clock {
  const match = CLOCK.exec(value);
  if (!match) throw new DomainError('invalid_input', `${field} must be a time "HH:mm"`, { field });
  return { hour: Number(match[1]), minute: Number(match[2]) };
}

function invalid(field: string, message: string): never {
  throw new DomainError('invalid_input', `${field} ${message}`, { field });
}

export function isValidTimezone(timezone: string): boolean {
  return IANAZone.isValidZone(timezone);
}

/** Throws `invalid_input` naming the first bad field. */
export function assertCampaignSettings(settings: CampaignSettings): void {
  if (!isValidTimezone(settings.timezone)) invalid('settings.timezone', 'must be an IANA timezone name');
  const start = parseClock('settings.workingHours.start', settings.workingHours.start);
  const end = parseClock('settings.workingHours.end', settings.workingHours.end);
  if (end.hour * 60 + end.minute <= start.hour * 60 + start.minute) {
    invalid('settings.workingHours.end', 'must be later than the start');
  }
  const days = settings.workingHours.days;
  if (days.length === 0 || days.some((day) => !Number.isInteger(day) || day < 1 || day > 7)) {
    invalid('settings.workingHours.days', 'must list ISO weekdays from 1 (Monday) to 7 (Sunday)');
  }
  const timeout = settings.invitationTimeoutDays;
  if (!Number.isInteger(timeout) || timeout < 1)
    invalid('settings.invitationTimeoutDays', 'must be 1 or more');
}

export interface CampaignSettingsPatch {
  timezone?: string | undefined;
  workingHours?: Partial<WorkingHours> | undefined;
  invitationTimeoutDays?: number | undefined;
}

/** Settings with a patch applied over `base` (the defaults when none), validated. */
export function mergeCampaignSettings(
  patch: CampaignSettingsPatch = {},
  base: CampaignSettings = DEFAULT_CAMPAIGN_SETTINGS,
): CampaignSettings {
  const merged: CampaignSettings = {
    timezone: patch.timezone ?? base.timezone,
    workingHours: {
      start: patch.workingHours?.start ?? base.workingHours.start,
      end: patch.workingHours?.end ?? base.workingHours.end,
      days: [...new Set(patch.workingHours?.days ?? base.workingHours.days)].sort((a, b) => a - b),
    },
    invitationTimeoutDays: patch.invitationTimeoutDays ?? base.invitationTimeoutDays,
  };
  assertCampaignSettings(merged);
  return merged;
}

export interface Window {
  start: Date;
  end: Date;
}

/** The working window on the local calendar day of `day` (null when that weekday is off). */
function windowOn(day: DateTime, hours: WorkingHours): Window | null {
  if (!hours.days.includes(day.weekday)) return null;
  const at = (clock: Clock) =>
    DateTime.fromObject(
      { year: day.year, month: day.month, day: day.day, ...clock },
      { zone: day.zone },
    ).toJSDate();
  return {
    start: at(parseClock('workingHours.start', hours.start)),
    end: at(parseClock('workingHours.end', hours.end)),
  };
}

/** The first working window that ends after `at` (the current one when `at` is inside it). */
export function workingWindowFrom(at: Date, hours: WorkingHours, timezone: string): Window {
  const local = DateTime.fromJSDate(at, { zone: timezone });
  // A week ahead always reaches a working day, since at least one weekday is on.
  for (let offset = 0; offset <= 7; offset += 1) {
    const window = windowOn(local.plus({ days: offset }), hours);
    if (window !== null && window.end.getTime() > at.getTime()) return window;
  }
  throw new DomainError('invalid_input', 'working hours have no working day', { field: 'workingHours.days' });
}

export function isWithinWorkingHours(at: Date, hours: WorkingHours, timezone: string): boolean {
  const window = workingWindowFrom(at, hours, timezone);
  return window.start.getTime() <= at.getTime();
}

/** `at` itself inside working hours, else the start of the next working window. */
export function nextWorkingTime(at: Date, hours: WorkingHours, timezone: string): Date {
  const window = workingWindowFrom(at, hours, timezone);
  return window.start.getTime() <= at.getTime() ? at : window.start;
}
