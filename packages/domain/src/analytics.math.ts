/**
 * Analytics arithmetic. Rates are fractions from 0 to 1 and are 0, not NaN, when nothing was
 * attempted; progress is a percentage of leads in a final state.
 */
import { DateTime } from 'luxon';
import type { LeadStatusCounts } from './campaign-state.rules.js';
import { LEAD_STATUSES, type LeadStatus } from './vocabulary.js';

/**
 * part / whole, 0 when whole is 0. Capped at 1: counts over a date range can pair an acceptance
 * with an invitation sent before the range, and a rate above 100% would only confuse.
 */
export function rate(part: number, whole: number): number {
  if (whole <= 0 || part <= 0) return 0;
  return Math.min(1, part / whole);
}

/** Statuses a lead does not leave by itself. */
export const FINAL_LEAD_STATUSES = ['completed', 'error'] as const satisfies readonly LeadStatus[];

export function totalLeads(counts: LeadStatusCounts): number {
  return LEAD_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
}

/** Percent (0-100, two decimals) of the campaign's leads in a final state; 0 with no leads. */
export function campaignProgress(counts: LeadStatusCounts): number {
  const total = totalLeads(counts);
  if (total === 0) return 0;
  const final = FINAL_LEAD_STATUSES.reduce((sum, status) => sum + (counts[status] ?? 0), 0);
  return Math.round((final / total) * 10_000) / 100;
}

export interface CampaignCounters {
  invitationsSent: number;
  invitationsAccepted: number;
  /** Distinct leads who received at least one message. */
  leadsMessaged: number;
  /** Distinct leads who replied (before or after being messaged). */
  leadsReplied: number;
  /** Distinct leads messaged who replied after their first message. */
  leadsRespondedToMessages: number;
}

export interface CampaignRates {
  /** Accepted invitations / invitations sent. */
  acceptanceRate: number;
  /** Leads who replied after being messaged / leads messaged. */
  responseRate: number;
}

export function campaignRates(counters: CampaignCounters): CampaignRates {
  return {
    acceptanceRate: rate(counters.invitationsAccepted, counters.invitationsSent),
    responseRate: rate(counters.leadsRespondedToMessages, counters.leadsMessaged),
  };
}

/**
 * The calendar days from `start` to `end` (both included) in `timezone`, as `YYYY-MM-DD`: the
 * x-axis of a per-day series, so days without activity still appear with zeros.
 */
export function calendarDays(start: Date, end: Date, timezone: string): string[] {
  const last = DateTime.fromJSDate(end, { zone: timezone }).startOf('day');
  const days: string[] = [];
  for (
    let day = DateTime.fromJSDate(start, { zone: timezone }).startOf('day');
    day <= last;
    day = day.plus({ days: 1 })
  ) {
    days.push(day.toFormat('yyyy-MM-dd'));
  }
  return days;
}

/** A per-day series over every day of the range, missing days filled with `empty()`. */
export function fillDailySeries<T>(
  days: readonly string[],
  points: ReadonlyMap<string, T>,
  empty: () => T,
): { date: string; value: T }[] {
  return days.map((date) => ({ date, value: points.get(date) ?? empty() }));
}
