import type { ActionType } from '@outreach/domain';
import type { UpdateQuery } from 'mongoose';
import type { CounterFigure } from '../campaign/campaign-counters.js';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import type { ActionRecord } from './action.schema.js';
import { leadActionMarkId, type LeadActionMarkRecord } from './lead-action-mark.schema.js';

/*
 * The campaign figures that count distinct leads follow the definitions of the recount
 * (`countsPipeline`): a lead is messaged when it has a message or InMail, has replied when it has
 * a reply, and responded to a message when its last reply came after its first message. The mark
 * keeps the first message and the last reply of each lead; an action moves them with `$min` and
 * `$max` in one upsert that answers the mark as it was, so whatever order actions arrive in (a
 * late reply, a backfilled message), the figures move by the difference between the lead's flags
 * before and after, and end equal to the recount.
 */

const BACKFILL_BATCH = 1_000;

const MESSAGES: ReadonlySet<ActionType> = new Set(['message_sent', 'inmail_sent']);

interface LeadFlags {
  leadsMessaged: boolean;
  leadsReplied: boolean;
  leadsRespondedToMessages: boolean;
}

function flagsOf(mark: Partial<LeadActionMarkRecord> | null): LeadFlags {
  const first = mark?.firstMessagedAt;
  const last = mark?.lastRepliedAt;
  return {
    leadsMessaged: first !== undefined,
    leadsReplied: last !== undefined,
    leadsRespondedToMessages: first !== undefined && last !== undefined && last > first,
  };
}

function markUpdate(type: ActionType, at: Date): UpdateQuery<LeadActionMarkRecord> | null {
  if (MESSAGES.has(type)) return { $min: { firstMessagedAt: at } };
  if (type === 'reply_received') return { $max: { lastRepliedAt: at } };
  return null;
}

export class LeadActionMarks {
  constructor(
    private readonly marks: ScopedModel<LeadActionMarkRecord>,
    private readonly actions: ScopedModel<ActionRecord>,
  ) {}

  /** What a newly recorded action adds to its campaign's figures. */
  async figuresOf(
    workspaceId: WorkspaceId,
    action: Pick<ActionRecord, 'campaignId' | 'leadId' | 'type' | 'occurredAt'>,
  ): Promise<Partial<Record<CounterFigure, number>>> {
    const figures: Partial<Record<CounterFigure, number>> = {};
    if (action.type === 'invitation_sent') figures.invitationsSent = 1;
    if (action.type === 'invitation_accepted') figures.invitationsAccepted = 1;
    const update = markUpdate(action.type, action.occurredAt);
    if (update === null) return figures;
    const before = await this.upsert(workspaceId, action, update);
    const after = flagsOf({ ...before, ...applyMark(before, action.type, action.occurredAt) });
    const was = flagsOf(before);
    for (const figure of ['leadsMessaged', 'leadsReplied', 'leadsRespondedToMessages'] as const) {
      const change = Number(after[figure]) - Number(was[figure]);
      if (change !== 0) figures[figure] = change;
    }
    return figures;
  }

  /**
   * The marks of a campaign's leads, recomputed from its actions (a campaign whose actions were
   * recorded before the marks existed): one aggregation over the campaign's actions, once.
   */
  async backfill(workspaceId: WorkspaceId, campaignId: string): Promise<void> {
    const rows = await this.actions.aggregate<{ _id: string; first: Date | null; last: Date | null }>(
      workspaceId,
      [
        { $match: { campaignId, type: { $in: ['message_sent', 'inmail_sent', 'reply_received'] } } },
        {
          $group: {
            _id: '$leadId',
            first: { $min: { $cond: [{ $eq: ['$type', 'reply_received'] }, null, '$occurredAt'] } },
            last: { $max: { $cond: [{ $eq: ['$type', 'reply_received'] }, '$occurredAt', null] } },
          },
        },
      ],
    );
    const updates = rows.map((row) => {
      const update: UpdateQuery<LeadActionMarkRecord> = { $setOnInsert: { campaignId, leadId: row._id } };
      if (row.first) update.$min = { firstMessagedAt: row.first };
      if (row.last) update.$max = { lastRepliedAt: row.last };
      return { filter: { _id: leadActionMarkId(workspaceId, row._id) }, update, upsert: true };
    });
    // In batches: one bulk write of a large campaign's marks would hold the server long enough
    // for the driver's monitor to give up on it.
    for (let start = 0; start < updates.length; start += BACKFILL_BATCH)
      await this.marks.bulkUpdate(workspaceId, updates.slice(start, start + BACKFILL_BATCH));
  }

  private async upsert(
    workspaceId: WorkspaceId,
    action: Pick<ActionRecord, 'campaignId' | 'leadId'>,
    update: UpdateQuery<LeadActionMarkRecord>,
  ): Promise<LeadActionMarkRecord | null> {
    const write = () =>
      this.marks.findOneAndUpdate(
        workspaceId,
        { _id: leadActionMarkId(workspaceId, action.leadId) },
        { ...update, $setOnInsert: { campaignId: action.campaignId, leadId: action.leadId } },
        { upsert: true, returnDocument: 'before' },
      );
    try {
      return await write();
    } catch (error) {
      // Two first actions of one lead racing: the loser's insert meets the winner's; update it.
      if (!isDuplicateKeyError(error)) throw error;
      return write();
    }
  }
}

function applyMark(
  before: LeadActionMarkRecord | null,
  type: ActionType,
  at: Date,
): Partial<LeadActionMarkRecord> {
  if (MESSAGES.has(type)) {
    const first = before?.firstMessagedAt;
    return { firstMessagedAt: first !== undefined && first < at ? first : at };
  }
  const last = before?.lastRepliedAt;
  return { lastRepliedAt: last !== undefined && last > at ? last : at };
}
