import type { AnalyticsTotals, DailyAnalytics } from '@outreach/contract';
import type { ActionAnalytics, LeadWindowCounts } from '@outreach/db';
import { rate } from '@outreach/domain';
import { utcDays, type AnalyticsWindow } from './analytics-window.js';

type Counts = ActionAnalytics['totals'];

/**
 * Totals over the window: leads added and leads completed within it come from the leads
 * themselves, the rest from actions.
 */
export function toTotals(counts: Counts, leads: LeadWindowCounts): AnalyticsTotals {
  return {
    leads: leads.added,
    invitationsSent: counts.invitationsSent,
    invitationsAccepted: counts.invitationsAccepted,
    acceptanceRate: rate(counts.invitationsAccepted, counts.invitationsSent),
    messagesSent: counts.messagesSent,
    leadsReplied: counts.leadsReplied,
    responseRate: rate(counts.leadsRespondedToMessages, counts.leadsMessaged),
    profileVisits: counts.profileVisits,
    leadsCompleted: leads.completed,
  };
}

/** One entry per UTC day of the window, zeros where nothing happened. */
export function toDaily(
  perDay: ActionAnalytics['perDay'],
  window: Pick<AnalyticsWindow, 'from' | 'to'>,
): DailyAnalytics[] {
  const byDate = new Map(perDay.map((day) => [day.date, day]));
  return utcDays(window).map((date) => {
    const day = byDate.get(date);
    return {
      date,
      invitationsSent: day?.invitationsSent ?? 0,
      invitationsAccepted: day?.invitationsAccepted ?? 0,
      messagesSent: day?.messagesSent ?? 0,
      replies: day?.repliesReceived ?? 0,
      profileVisits: day?.profileVisits ?? 0,
    };
  });
}
