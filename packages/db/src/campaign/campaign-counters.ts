import { LEAD_STATUSES, type LeadStatus } from '@outreach/domain';

/**
 * A campaign's figures, kept on the campaign document so that its detail and a page of the list
 * read them with the campaign itself (no aggregation over leads or actions):
 *
 * - `senders`: leads assigned to each sender account (all statuses), which spreads imports
 *   evenly without reading the campaign's leads. Kept by every write that assigns, moves or
 *   removes leads (imports, deletions, redistribution; the runner when it gives a lead a sender).
 * - `leads` (per status), `invitationsSent`, `invitationsAccepted`, `leadsMessaged`,
 *   `leadsReplied`, `leadsRespondedToMessages`: the summary `progress` and `analytics` show.
 *   They are answered from here only once `maintained` is set, i.e. once every writer of leads
 *   and actions (the API and the runner) updates them; until then readers recount (the fallback).
 *
 * A lead or action and the counters are two documents, so a counter is updated by a second
 * single-document `$inc` right after the write it follows (MongoDB gives no atomicity across
 * documents without transactions, which the design rules out). A crash in between leaves a
 * counter one off: `recount` (the drift check) recomputes every figure from the records,
 * reports the difference and writes the exact values.
 */
export interface CampaignCounters {
  maintained: boolean;
  leads: Record<LeadStatus, number>;
  invitationsSent: number;
  invitationsAccepted: number;
  leadsMessaged: number;
  leadsReplied: number;
  leadsRespondedToMessages: number;
  senders: Record<string, number>;
  /** `senders` has been counted from the leads once and kept since (older campaigns start without). */
  sendersCounted: boolean;
  /** When the drift check last wrote exact values; null if never. */
  checkedAt: Date | null;
}

/** The figures a drift check compares (everything but bookkeeping). */
export const COUNTER_FIGURES = [
  'invitationsSent',
  'invitationsAccepted',
  'leadsMessaged',
  'leadsReplied',
  'leadsRespondedToMessages',
] as const;

export type CounterFigure = (typeof COUNTER_FIGURES)[number];

export function zeroLeadCounts(): Record<LeadStatus, number> {
  return Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as Record<LeadStatus, number>;
}

/** The counters of a campaign just created: exact (nothing to count yet) and maintained from now on. */
export function newCampaignCounters(): CampaignCounters {
  return {
    maintained: true,
    leads: zeroLeadCounts(),
    invitationsSent: 0,
    invitationsAccepted: 0,
    leadsMessaged: 0,
    leadsReplied: 0,
    leadsRespondedToMessages: 0,
    senders: {},
    sendersCounted: true,
    checkedAt: null,
  };
}

/** The stored counters as an entity; null when the campaign has none yet. */
export function toCampaignCounters(stored: unknown): CampaignCounters | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const record = stored as Partial<Record<string, unknown>>;
  const number = (value: unknown) => (typeof value === 'number' ? value : 0);
  const map = (value: unknown): Record<string, number> =>
    typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).map(([key, count]) => [key, number(count)]))
      : {};
  const leads = zeroLeadCounts();
  for (const [status, count] of Object.entries(map(record['leads'])))
    if (status in leads) leads[status as LeadStatus] = count;
  return {
    maintained: record['maintained'] === true,
    leads,
    invitationsSent: number(record['invitationsSent']),
    invitationsAccepted: number(record['invitationsAccepted']),
    leadsMessaged: number(record['leadsMessaged']),
    leadsReplied: number(record['leadsReplied']),
    leadsRespondedToMessages: number(record['leadsRespondedToMessages']),
    senders: map(record['senders']),
    sendersCounted: record['sendersCounted'] === true,
    checkedAt: record['checkedAt'] instanceof Date ? record['checkedAt'] : null,
  };
}
