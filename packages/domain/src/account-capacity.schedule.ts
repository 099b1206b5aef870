/**
 * Per-account caps: invitations per day and per week, messages, InMails and profile visits per day.
 * Days and weeks are calendar periods in the account's timezone (weeks start on Monday), so usage
 * counters can be keyed by period (`2026-03-09`, `2026-W11`) and a full cap frees at a known time.
 */
import { DateTime } from 'luxon';
import { DomainError } from './errors.js';
import type { AccountLimits } from './model.types.js';
import type { ActionType, StepType } from './vocabulary.js';

export const CAPPED_ACTIONS = ['invitation', 'message', 'inmail', 'profile_visit'] as const;
export type CappedAction = (typeof CAPPED_ACTIONS)[number];

const DAILY_CAP: Record<CappedAction, keyof AccountLimits> = {
  invitation: 'invitationsPerDay',
  message: 'messagesPerDay',
  inmail: 'inmailsPerDay',
  profile_visit: 'profileVisitsPerDay',
};

const BY_ACTION_TYPE: Partial<Record<ActionType, CappedAction>> = {
  invitation_sent: 'invitation',
  message_sent: 'message',
  inmail_sent: 'inmail',
  profile_visited: 'profile_visit',
};

/** The cap an executed action counts against; null for actions that use no capacity. */
export function cappedActionOf(actionType: ActionType): CappedAction | null {
  return BY_ACTION_TYPE[actionType] ?? null;
}

/** The cap a step uses. A message to a lead who is not a connection goes as an InMail. */
export function cappedActionForStep(type: StepType, asInmail = false): CappedAction {
  if (type === 'invitation') return 'invitation';
  if (type === 'visit_profile') return 'profile_visit';
  return asInmail ? 'inmail' : 'message';
}

export interface Period {
  /** Stable counter key: `YYYY-MM-DD` for a day, `YYYY-Www` for an ISO week. */
  key: string;
  start: Date;
  end: Date;
}

export interface UsagePeriods {
  day: Period;
  week: Period;
  /** The calendar month (`YYYY-MM`): InMail credits are monthly. */
  month: Period;
}

/** The day, week and month that contain `now` in the account's timezone. */
export function usagePeriods(now: Date, timezone: string): UsagePeriods {
  const local = DateTime.fromJSDate(now, { zone: timezone });
  if (!local.isValid) {
    throw new DomainError('invalid_input', `unknown timezone: ${timezone}`, { field: 'timezone' });
  }
  const day = local.startOf('day');
  const week = local.startOf('week');
  const month = local.startOf('month');
  return {
    day: { key: day.toFormat('yyyy-MM-dd'), start: day.toJSDate(), end: day.plus({ days: 1 }).toJSDate() },
    week: {
      key: week.toFormat("kkkk-'W'WW"),
      start: week.toJSDate(),
      end: week.plus({ weeks: 1 }).toJSDate(),
    },
    month: {
      key: month.toFormat('yyyy-MM'),
      start: month.toJSDate(),
      end: month.plus({ months: 1 }).toJSDate(),
    },
  };
}

/** What an account used in the current periods; a missing count is zero. */
export interface AccountUsage {
  today: Readonly<Partial<Record<CappedAction, number>>>;
  invitationsThisWeek: number;
}

/** Actions of this kind the account may still take today (the weekly invitation cap included). */
export function remainingCapacity(action: CappedAction, limits: AccountLimits, usage: AccountUsage): number {
  const today = Math.max(0, limits[DAILY_CAP[action]] - (usage.today[action] ?? 0));
  if (action !== 'invitation') return today;
  return Math.min(today, Math.max(0, limits.invitationsPerWeek - usage.invitationsThisWeek));
}

/**
 * When the account may take this action again: `now` while capacity remains, else the start of the
 * next day, or of the next week when the weekly invitation cap is the one used up.
 */
export function nextCapacityAt(
  action: CappedAction,
  limits: AccountLimits,
  usage: AccountUsage,
  now: Date,
  timezone: string,
): Date {
  if (remainingCapacity(action, limits, usage) > 0) return now;
  const periods = usagePeriods(now, timezone);
  const weekFull = action === 'invitation' && usage.invitationsThisWeek >= limits.invitationsPerWeek;
  return weekFull ? periods.week.end : periods.day.end;
}

/**
 * The day counter keys (`day:YYYY-MM-DD`) of the last `count` days of the account, today
 * included: LinkedIn's rolling windows summed from day counters.
 */
export function lastDayPeriodKeys(now: Date, timezone: string, count: number): string[] {
  const today = DateTime.fromJSDate(now, { zone: timezone }).startOf('day');
  return Array.from(
    { length: count },
    (_, back) => `day:${today.minus({ days: back }).toFormat('yyyy-MM-dd')}`,
  );
}

export interface CapReport {
  limit: number;
  used: number;
  remaining: number;
}

/** The caps and what is left of them, as `GET /v1/accounts/{id}/limits` shows them. */
export function limitsReport(
  limits: AccountLimits,
  usage: AccountUsage,
): Record<keyof AccountLimits, CapReport> {
  const report = (limit: number, used: number): CapReport => ({
    limit,
    used,
    remaining: Math.max(0, limit - used),
  });
  return {
    invitationsPerDay: report(limits.invitationsPerDay, usage.today.invitation ?? 0),
    invitationsPerWeek: report(limits.invitationsPerWeek, usage.invitationsThisWeek),
    messagesPerDay: report(limits.messagesPerDay, usage.today.message ?? 0),
    inmailsPerDay: report(limits.inmailsPerDay, usage.today.inmail ?? 0),
    profileVisitsPerDay: report(limits.profileVisitsPerDay, usage.today.profile_visit ?? 0),
  };
}

/** Caps with a patch applied; each must be a whole number, 0 or more (0 stops that action). */
export function mergeAccountLimits(base: AccountLimits, patch: Partial<AccountLimits>): AccountLimits {
  const merged = { ...base, ...patch };
  for (const [field, value] of Object.entries(merged)) {
    if (!Number.isInteger(value) || value < 0) {
      throw new DomainError('invalid_input', `limits.${field} must be a whole number, 0 or more`, {
        field: `limits.${field}`,
      });
    }
  }
  return merged;
}
