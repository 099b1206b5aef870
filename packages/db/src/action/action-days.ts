import type { ActionCounts, CountsRow } from './action-analytics.js';
import type { TypeCounts } from '../daily-rollup/daily-rollup.schema.js';

/** What a day of the per-day series holds: the figures that add up over days. */
export type DayCounts = Pick<
  ActionCounts,
  | 'invitationsSent'
  | 'invitationsAccepted'
  | 'messagesSent'
  | 'inmailsSent'
  | 'profileVisits'
  | 'repliesReceived'
>;

export function dayCountsOf(counts: TypeCounts | CountsRow | undefined): DayCounts {
  return {
    invitationsSent: counts?.invitation_sent ?? 0,
    invitationsAccepted: counts?.invitation_accepted ?? 0,
    messagesSent: (counts?.message_sent ?? 0) + (counts?.inmail_sent ?? 0),
    inmailsSent: counts?.inmail_sent ?? 0,
    profileVisits: counts?.profile_visited ?? 0,
    repliesReceived: counts?.reply_received ?? 0,
  };
}
