import type { ActionType } from '@outreach/domain';
import type { UpdateQuery } from 'mongoose';
import type { CounterFigure } from '../campaign/campaign-counters.js';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { utcDay } from '../daily-rollup/daily-rollup.schema.js';
import { addChange, firstsChange } from '../daily-rollup/firsts.js';
import type { ActionRecord } from './action.schema.js';
import { leadActionMarkId, type LeadActionMarkRecord } from './lead-action-mark.schema.js';
import { leadDaysOf, type LeadDayRow } from './lead-day-rows.js';
import {
  addMark,
  daysAt,
  eachGroup,
  groupPaths,
  markOf,
  markUpdate,
  withMark,
  type DayMark,
  type LeadDays,
} from './lead-days.js';

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

const MESSAGES: ReadonlySet<ActionType> = new Set(['message_sent', 'inmail_sent']);

/** What a newly recorded action changes beyond its own record. */
export interface ActionChange {
  /** What it adds to its campaign's counters. */
  figures: Partial<Record<CounterFigure, number>>;
  /** How it moves the daily roll-ups' histograms: per UTC day, `$inc`s under the day's `firsts`. */
  firsts: Map<string, Record<string, number>>;
}

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

/** The lead's first message and last reply (what the campaign counters count), moved by an action. */
function counterMarks(
  type: ActionType,
  at: Date,
): { $min?: Record<string, Date>; $max?: Record<string, Date> } {
  if (MESSAGES.has(type)) return { $min: { firstMessagedAt: at } };
  if (type === 'reply_received') return { $max: { lastRepliedAt: at } };
  return {};
}

/** The operators of an update with their fields merged, empty operators left out (MongoDB refuses them). */
function mergedUpdate(
  ...parts: Array<Partial<Record<'$min' | '$max' | '$set', Record<string, unknown>>>>
): UpdateQuery<LeadActionMarkRecord> {
  const update: Record<string, Record<string, unknown>> = {};
  for (const part of parts)
    for (const [operator, fields] of Object.entries(part))
      if (Object.keys(fields).length > 0) update[operator] = { ...update[operator], ...fields };
  return update as UpdateQuery<LeadActionMarkRecord>;
}

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

/** What `recordAction` needs of an action. */
export type MarkedAction = Pick<
  ActionRecord,
  'campaignId' | 'leadId' | 'type' | 'occurredAt' | 'stepId' | 'variantId' | 'accountId'
>;

type MarkUpdate = UpdateQuery<LeadActionMarkRecord> &
  Partial<Record<'$min' | '$max' | '$set', Record<string, unknown>>>;

/** The update leaving an action's mark (and the counters' first message or last reply) on its lead. */
function updateOf(action: MarkedAction, mark: DayMark): MarkUpdate {
  return mergedUpdate(
    counterMarks(action.type, action.occurredAt),
    markUpdate('days', groupPaths(action), utcDay(action.occurredAt), mark),
  ) as MarkUpdate;
}

/** Two updates of one mark as one: the earlier of two `$min`s, the later of two `$max`s. */
function combinedUpdate(a: MarkUpdate, b: MarkUpdate): MarkUpdate {
  const combined: Record<string, Record<string, unknown>> = {};
  for (const operator of ['$min', '$max', '$set'] as const) {
    const fields: Record<string, unknown> = { ...a[operator] };
    for (const [field, value] of Object.entries(b[operator] ?? {})) {
      const was = fields[field];
      if (was instanceof Date && value instanceof Date)
        fields[field] = (operator === '$min' ? value < was : value > was) ? value : was;
      else fields[field] = value;
    }
    if (Object.keys(fields).length > 0) combined[operator] = fields;
  }
  return combined as MarkUpdate;
}

/** What a newly recorded action changes, given its lead's mark before it (null: none yet). */
function changeOf(before: LeadActionMarkRecord | null, action: MarkedAction): ActionChange {
  const figures: ActionChange['figures'] = {};
  const firsts: ActionChange['firsts'] = new Map();
  if (action.type === 'invitation_sent') figures.invitationsSent = 1;
  if (action.type === 'invitation_accepted') figures.invitationsAccepted = 1;
  const mark = markOf(action.type, action.occurredAt);
  if (mark === null) return { figures, firsts };
  const counters = counterMarks(action.type, action.occurredAt);
  if (counters.$min !== undefined || counters.$max !== undefined) {
    const after = flagsOf({ ...before, ...applyMark(before, action.type, action.occurredAt) });
    const was = flagsOf(before);
    for (const figure of ['leadsMessaged', 'leadsReplied', 'leadsRespondedToMessages'] as const) {
      const change = Number(after[figure]) - Number(was[figure]);
      if (change !== 0) figures[figure] = change;
    }
  }
  const day = utcDay(action.occurredAt);
  for (const path of groupPaths(action)) {
    const was = daysAt(before?.days, path);
    addChange(firsts, firstsChange(path, was, withMark(was, day, mark)));
  }
  return { figures, firsts };
}

/** A lead's mark with one more action on it (a copy: the mark as read is left as it was). */
function afterAction(
  before: LeadActionMarkRecord | null,
  action: MarkedAction,
  mark: DayMark,
): LeadActionMarkRecord {
  const days: LeadDays = { ...before?.days };
  for (const kind of ['steps', 'variants', 'senders'] as const)
    if (days[kind] !== undefined) days[kind] = { ...days[kind] };
  addMark(days, groupPaths(action), utcDay(action.occurredAt), mark);
  const base = before ?? {
    _id: '',
    workspaceId: '',
    campaignId: action.campaignId,
    leadId: action.leadId,
  };
  const counters = counterMarks(action.type, action.occurredAt);
  return {
    ...base,
    ...(counters.$min === undefined && counters.$max === undefined
      ? {}
      : applyMark(before, action.type, action.occurredAt)),
    days,
  };
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
