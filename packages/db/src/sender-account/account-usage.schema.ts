import type { LimitKey, ProviderCallKind } from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

/**
 * What is counted per account and period: actions (`invitations` per day and per week, the
 * week's `notedInvitations`, the month's `inmailsMonth`, ...) and the provider calls of the day by
 * kind (`callsWrite`, `callsProfileRead`, `callsListRead`).
 */
export const USAGE_KINDS = [
  'invitations',
  'messages',
  'inmails',
  'profileVisits',
  'notedInvitations',
  'inmailsMonth',
  'callsWrite',
  'callsProfileRead',
  'callsListRead',
  /** Invitations withdrawn (a day's allowance, `WITHDRAWALS_PER_DAY`). */
  'withdrawals',
  /** Search results read by lead imports, counted per result (a day's `SEARCH_RESULTS_PER_DAY`). */
  'searchResults',
] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

export const USAGE_PERIODS = ['day', 'week', 'month'] as const;
export type UsagePeriodName = (typeof USAGE_PERIODS)[number];

/** The counter each limit of the domain's `LIMIT_KEYS` is held to, and in which period. */
export const LIMIT_USAGE: Readonly<Record<LimitKey, { kind: UsageKind; period: UsagePeriodName }>> = {
  invitationsPerDay: { kind: 'invitations', period: 'day' },
  invitationsPerWeek: { kind: 'invitations', period: 'week' },
  // Counted by day; the runner and the limits view sum the last 31 days (LinkedIn's rolling month).
  notedInvitationsPerMonth: { kind: 'notedInvitations', period: 'month' },
  messagesPerDay: { kind: 'messages', period: 'day' },
  inmailsPerDay: { kind: 'inmails', period: 'day' },
  inmailsPerMonth: { kind: 'inmailsMonth', period: 'month' },
  profileVisitsPerDay: { kind: 'profileVisits', period: 'day' },
  // Every route that retrieves a profile counts: the day's profile-read calls are the retrievals.
  profileRetrievalsPerDay: { kind: 'callsProfileRead', period: 'day' },
  listReadsPerDay: { kind: 'callsListRead', period: 'day' },
};

/** The day's counter of each kind of provider call (the domain's `callBudgets`). */
export const CALL_USAGE: Readonly<Record<ProviderCallKind, UsageKind>> = {
  write: 'callsWrite',
  profile_read: 'callsProfileRead',
  list_read: 'callsListRead',
};

export type UsageCounts = Record<UsageKind, number>;

/**
 * What one sender account used in one period. `_id` is `<workspaceId>|<accountId>|<period>` (the period being
 * a caller-chosen key such as `day:2025-03-14`, `week:2025-W11` or `month:2025-03`, computed in
 * the account's timezone), so the natural key is the primary key and no second unique index is needed.
 */
export interface AccountUsageRecord {
  _id: string;
  workspaceId: string;
  accountId: string;
  period: string;
  counts: Partial<UsageCounts>;
  /**
   * The actions the units were taken for (their idempotency keys), when the taker named them: a
   * unit is taken once per action however often it is asked for, and given back only by the
   * action it was taken for.
   */
  keys?: string[];
  expiresAt: Date;
}

export const accountUsageSchema = new Schema<AccountUsageRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    accountId: { type: String, required: true },
    period: { type: String, required: true },
    counts: Object.fromEntries(USAGE_KINDS.map((kind) => [kind, { type: Number }])),
    keys: { type: [String], default: undefined },
    expiresAt: { type: Date, required: true },
  },
  recordOptions('account_usage'),
);

// Serves nothing but housekeeping: MongoDB deletes a period's counters once it has passed.
accountUsageSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

/** The workspace is part of the key, so another workspace naming the same account id meets nothing. */
export function usageId(workspaceId: string, accountId: string, period: string): string {
  return `${workspaceId}|${accountId}|${period}`;
}
