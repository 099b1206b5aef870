import { ACTION_TYPES, type ActionType } from '@outreach/domain';
import type { PipelineStage } from 'mongoose';
import type { ScopedStage } from '../common/scoped-model.js';

/**
 * Raw counts over a set of actions. Rates (acceptance, response) are the domain's arithmetic on
 * these; the data layer only counts.
 */
export interface ActionCounts {
  invitationsSent: number;
  invitationsAccepted: number;
  /** Messages and InMails sent. */
  messagesSent: number;
  inmailsSent: number;
  profileVisits: number;
  repliesReceived: number;
  /** Distinct leads that were sent a message or an InMail. */
  leadsMessaged: number;
  /** Distinct leads that replied (whether or not they had been messaged). */
  leadsReplied: number;
  /**
   * Distinct leads messaged that replied after their first message: what a response rate counts
   * (a reply right after accepting an invitation, before any message, is not a response to one).
   */
  leadsRespondedToMessages: number;
  /** Distinct leads invited, and whose invitation was accepted. */
  leadsInvited: number;
  leadsAccepted: number;
}

/** One row of the second grouping: per-type totals and per-lead flags summed over a group key. */
export type CountsRow = Record<ActionType, number> & {
  _id: unknown;
  leadsMessaged: number;
  leadsReplied: number;
  leadsRespondedToMessages: number;
  leadsInvited: number;
  leadsAccepted: number;
};

function ifPositive(expression: unknown): Record<string, unknown> {
  return { $sum: { $cond: [{ $gt: [expression, 0] }, 1, 0] } };
}

/**
 * Counts per `groupKey`, in two groupings: first per (group, lead) with one counter per action
 * type, then per group, summing the counters and counting the leads that had any (distinct-lead
 * counts without `$addToSet` arrays that grow with the campaign).
 */
export function countsPipeline(groupKey: unknown): ScopedStage[] {
  const perLead: Record<string, unknown> = {};
  const perGroup: Record<string, unknown> = {};
  for (const type of ACTION_TYPES) {
    perLead[type] = { $sum: { $cond: [{ $eq: ['$type', type] }, 1, 0] } };
    perGroup[type] = { $sum: `$${type}` };
  }
  // When the lead was first messaged and last replied ($min and $max skip the nulls).
  perLead['firstMessagedAt'] = {
    $min: { $cond: [{ $in: ['$type', ['message_sent', 'inmail_sent']] }, '$occurredAt', null] },
  };
  perLead['lastRepliedAt'] = { $max: { $cond: [{ $eq: ['$type', 'reply_received'] }, '$occurredAt', null] } };
  const respondedToMessage = {
    $and: [
      { $ne: [{ $ifNull: ['$firstMessagedAt', null] }, null] },
      { $ne: [{ $ifNull: ['$lastRepliedAt', null] }, null] },
      { $gt: ['$lastRepliedAt', '$firstMessagedAt'] },
    ],
  };
  return [
    { $group: { _id: { key: groupKey, leadId: '$leadId' }, ...perLead } } as PipelineStage.Group,
    {
      $group: {
        _id: '$_id.key',
        ...perGroup,
        leadsMessaged: ifPositive({ $add: ['$message_sent', '$inmail_sent'] }),
        leadsReplied: ifPositive('$reply_received'),
        leadsRespondedToMessages: { $sum: { $cond: [respondedToMessage, 1, 0] } },
        leadsInvited: ifPositive('$invitation_sent'),
        leadsAccepted: ifPositive('$invitation_accepted'),
      },
    } as PipelineStage.Group,
  ];
}

export function emptyCounts(): ActionCounts {
  return {
    invitationsSent: 0,
    invitationsAccepted: 0,
    messagesSent: 0,
    inmailsSent: 0,
    profileVisits: 0,
    repliesReceived: 0,
    leadsMessaged: 0,
    leadsReplied: 0,
    leadsRespondedToMessages: 0,
    leadsInvited: 0,
    leadsAccepted: 0,
  };
}

export function toCounts(row: CountsRow | undefined): ActionCounts {
  if (!row) return emptyCounts();
  return {
    invitationsSent: row.invitation_sent ?? 0,
    invitationsAccepted: row.invitation_accepted ?? 0,
    messagesSent: (row.message_sent ?? 0) + (row.inmail_sent ?? 0),
    inmailsSent: row.inmail_sent ?? 0,
    profileVisits: row.profile_visited ?? 0,
    repliesReceived: row.reply_received ?? 0,
    leadsMessaged: row.leadsMessaged ?? 0,
    leadsReplied: row.leadsReplied ?? 0,
    leadsRespondedToMessages: row.leadsRespondedToMessages ?? 0,
    leadsInvited: row.leadsInvited ?? 0,
    leadsAccepted: row.leadsAccepted ?? 0,
  };
}

/** The UTC calendar day of an action, as `YYYY-MM-DD`. */
export const DAY_KEY = { $dateToString: { format: '%Y-%m-%d', date: '$occurredAt' } } as const;
