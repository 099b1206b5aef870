import { ACTION_TYPES, type ActionType } from '@outreach/domain';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { DAY_KEY } from './action-analytics.js';
import type { ActionRecord } from './action.schema.js';
import { addMark, groupPaths, type DayMark, type LeadDays } from './lead-days.js';

/**
 * A campaign's actions of one lead on one UTC day with one step, variant and sender: how many of
 * each type, the first message and the last reply. What the drift check rebuilds everything kept
 * from the actions from (the per-lead marks, the daily roll-ups and their histograms): one
 * aggregation, whose rows are about as many as the campaign's actions.
 */
export type LeadDayRow = Partial<Record<ActionType, number>> & {
  _id: {
    leadId: string;
    day: string;
    stepId?: string | null;
    variantId?: string | null;
    accountId?: string | null;
  };
  message: Date | null;
  reply: Date | null;
};

/**
 * Actions whose derived records are written: those a follower has still to count (see
 * `ActionRecord.derivePending`) are left out of a recount, which would otherwise count them
 * before the follower does too.
 */
export const DERIVED = { derivePending: { $exists: false } } as const;

/** One `$sum` per action type. */
export function typeCounters(): Record<string, unknown> {
  return Object.fromEntries(
    ACTION_TYPES.map((type) => [type, { $sum: { $cond: [{ $eq: ['$type', type] }, 1, 0] } }]),
  );
}

export function readLeadDayRows(
  actions: ScopedModel<ActionRecord>,
  workspaceId: WorkspaceId,
  campaignId: string,
): Promise<LeadDayRow[]> {
  return actions.aggregate<LeadDayRow>(workspaceId, [
    { $match: { campaignId, ...DERIVED } },
    {
      $group: {
        _id: {
          leadId: '$leadId',
          day: DAY_KEY,
          stepId: '$stepId',
          variantId: '$variantId',
          accountId: '$accountId',
        },
        ...typeCounters(),
        // $min and $max skip the nulls.
        message: {
          $min: { $cond: [{ $in: ['$type', ['message_sent', 'inmail_sent']] }, '$occurredAt', null] },
        },
        reply: { $max: { $cond: [{ $eq: ['$type', 'reply_received'] }, '$occurredAt', null] } },
      },
    },
  ]);
}

/** The row's step, variant and sender, as an action carries them. */
export function rowGroups(row: LeadDayRow): Pick<ActionRecord, 'stepId' | 'variantId' | 'accountId'> {
  return {
    stepId: row._id.stepId ?? null,
    variantId: row._id.variantId ?? null,
    accountId: row._id.accountId ?? null,
  };
}

/** The mark a row leaves on its day (null when its actions count in no distinct figure). */
function rowMark(row: LeadDayRow): DayMark | null {
  const mark: DayMark = {};
  if (row.message !== null) mark.message = row.message;
  if (row.reply !== null) mark.reply = row.reply;
  if ((row.invitation_sent ?? 0) > 0) mark.invited = true;
  if ((row.invitation_accepted ?? 0) > 0) mark.accepted = true;
  return Object.keys(mark).length > 0 ? mark : null;
}

/** Each lead's days per group, as the marks keep them, from its rows. */
export function leadDaysOf(rows: readonly LeadDayRow[]): Map<string, LeadDays> {
  const byLead = new Map<string, LeadDays>();
  for (const row of rows) {
    const mark = rowMark(row);
    if (mark === null) continue;
    const days = byLead.get(row._id.leadId) ?? {};
    addMark(days, groupPaths(rowGroups(row)), row._id.day, mark);
    byLead.set(row._id.leadId, days);
  }
  return byLead;
}
