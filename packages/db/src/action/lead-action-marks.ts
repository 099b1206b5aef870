import type { UpdateQuery } from 'mongoose';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import type { ActionRecord } from './action.schema.js';
import { leadActionMarkId, type LeadActionMarkRecord } from './lead-action-mark.schema.js';
import { leadDaysOf, type LeadDayRow } from './lead-day-rows.js';
import { eachGroup, markOf, markUpdate, type LeadDays } from './lead-days.js';
import {
  afterAction,
  changeOf,
  combinedUpdate,
  mergedUpdate,
  updateOf,
  type ActionChange,
  type MarkUpdate,
  type MarkedAction,
} from './mark-changes.js';

export type { ActionChange, MarkedAction } from './mark-changes.js';

/*
 * The campaign figures that count distinct leads follow the definitions of the recount
 * (`countsPipeline`): a lead is messaged when it has a message or InMail, has replied when it has
 * a reply, and responded to a message when its last reply came after its first message. The mark
 * keeps the first message and the last reply of each lead, and its days per group (lead-days.ts);
 * an action moves them with `$min`, `$max` and `$set` in one upsert that answers the mark as it
 * was, so whatever order actions arrive in (a late reply, a backfilled message), the figures and
 * the roll-ups' histograms move by the difference between the lead's state before and after, and
 * end equal to the recount. Two actions of one lead racing each see the state the other left or
 * found, so their differences add up to the move from the first state to the last.
 */

const BACKFILL_BATCH = 1_000;

export class LeadActionMarks {
  constructor(private readonly marks: ScopedModel<LeadActionMarkRecord>) {}

  /**
   * Leaves a newly recorded action on its lead's mark (one upsert, for the types a distinct figure
   * counts; none for a profile visit) and answers what it changes: the campaign's figures, and
   * the histograms of the roll-ups of the days whose entries moved (usually the action's own day;
   * also a later day of the lead's when the action arrived late).
   */
  async recordAction(workspaceId: WorkspaceId, action: MarkedAction): Promise<ActionChange> {
    const mark = markOf(action.type, action.occurredAt);
    if (mark === null) return changeOf(null, action);
    const before = await this.upsert(workspaceId, action, updateOf(action, mark));
    return changeOf(before, action);
  }

  /**
   * `recordAction` for many actions (of any leads and campaigns of the workspace) in two round
   * trips: one read of their leads' marks, one bulk write leaving every action on its lead's mark
   * (none when no action counts in a distinct figure). The changes, in the order of `actions`, are
   * those of the actions arriving one after the other on the marks as read. The updates only move
   * fields one way (see `markUpdate`), so they merge with any write made meanwhile; such a write
   * (another follower with an action of the same lead at the same moment) can leave the figures
   * one off, which the drift check reports and mends.
   */
  async recordActions(workspaceId: WorkspaceId, actions: readonly MarkedAction[]): Promise<ActionChange[]> {
    const marked = actions.filter((action) => markOf(action.type, action.occurredAt) !== null);
    const leadIds = [...new Set(marked.map((action) => action.leadId))];
    const stored =
      leadIds.length === 0
        ? []
        : await this.marks.find(workspaceId, {
            _id: { $in: leadIds.map((leadId) => leadActionMarkId(workspaceId, leadId)) },
          });
    const states = new Map<string, LeadActionMarkRecord | null>(leadIds.map((leadId) => [leadId, null]));
    for (const record of stored) states.set(record.leadId, record);
    const updates = new Map<string, { campaignId: string; update: MarkUpdate }>();
    const changes = actions.map((action) => {
      const mark = markOf(action.type, action.occurredAt);
      if (mark === null) return changeOf(null, action);
      const before = states.get(action.leadId) ?? null;
      states.set(action.leadId, afterAction(before, action, mark));
      const update = updateOf(action, mark);
      const earlier = updates.get(action.leadId);
      updates.set(action.leadId, {
        campaignId: earlier?.campaignId ?? action.campaignId,
        update: earlier === undefined ? update : combinedUpdate(earlier.update, update),
      });
      return changeOf(before, action);
    });
    const writes = [...updates].map(([leadId, { campaignId, update }]) => ({
      filter: { _id: leadActionMarkId(workspaceId, leadId) },
      update: { ...update, $setOnInsert: { campaignId, leadId } },
      upsert: true,
    }));
    try {
      await this.marks.bulkUpdate(workspaceId, writes);
    } catch (error) {
      // A first action of one of these leads recorded elsewhere meanwhile: its insert met this
      // one's. Every update only moves fields one way, so the whole write is made again.
      if (!isDuplicateKeyError(error)) throw error;
      await this.marks.bulkUpdate(workspaceId, writes);
    }
    return changes;
  }

  /** The days of these leads (edge corrections of a window that is not whole UTC days). */
  async daysOf(workspaceId: WorkspaceId, leadIds: readonly string[]): Promise<Map<string, LeadDays>> {
    if (leadIds.length === 0) return new Map();
    const records = await this.marks.find(workspaceId, {
      _id: { $in: leadIds.map((leadId) => leadActionMarkId(workspaceId, leadId)) },
    });
    return new Map(records.map((record) => [record.leadId, record.days ?? {}]));
  }

  /**
   * The marks of a campaign's leads, recomputed from its actions' rows (a campaign whose actions
   * were recorded before the marks, or before they kept days). Each lead's update only moves
   * fields one way, so it merges with actions recorded meanwhile instead of overwriting them.
   */
  async backfill(workspaceId: WorkspaceId, campaignId: string, rows: readonly LeadDayRow[]): Promise<void> {
    const updates = [...leadDaysOf(rows)].map(([leadId, days]) => {
      const parts = eachGroup(days).flatMap(([path, marks]) =>
        Object.entries(marks).map(([day, mark]) => markUpdate('days', [path], day, mark)),
      );
      const total = Object.values(days.total ?? {});
      const first = total.flatMap((mark) => (mark.message === undefined ? [] : [mark.message]));
      const last = total.flatMap((mark) => (mark.reply === undefined ? [] : [mark.reply]));
      const counters = {
        $min: first.length > 0 ? { firstMessagedAt: new Date(Math.min(...first.map(Number))) } : {},
        $max: last.length > 0 ? { lastRepliedAt: new Date(Math.max(...last.map(Number))) } : {},
      };
      const update = { ...mergedUpdate(counters, ...parts), $setOnInsert: { campaignId, leadId } };
      return { filter: { _id: leadActionMarkId(workspaceId, leadId) }, update, upsert: true };
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
