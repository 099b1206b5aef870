import type { ActionType } from '@outreach/domain';
import type { UpdateQuery } from 'mongoose';
import type { CounterFigure } from '../campaign/campaign-counters.js';
import { utcDay } from '../daily-rollup/daily-rollup.schema.js';
import { addChange, firstsChange } from '../daily-rollup/firsts.js';
import type { ActionRecord } from './action.schema.js';
import type { LeadActionMarkRecord } from './lead-action-mark.schema.js';
import {
  addMark,
  daysAt,
  groupPaths,
  markOf,
  markUpdate,
  withMark,
  type DayMark,
  type LeadDays,
} from './lead-days.js';

/*
 * What one action does to its lead's mark, and what that changes in the campaign's figures and in
 * the daily roll-ups' histograms (see lead-action-marks.ts): computed from the mark as it was, so
 * that one upsert (or one bulk write for many actions) applies it.
 */
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

export function flagsOf(mark: Partial<LeadActionMarkRecord> | null): LeadFlags {
  const first = mark?.firstMessagedAt;
  const last = mark?.lastRepliedAt;
  return {
    leadsMessaged: first !== undefined,
    leadsReplied: last !== undefined,
    leadsRespondedToMessages: first !== undefined && last !== undefined && last > first,
  };
}

/** The lead's first message and last reply (what the campaign counters count), moved by an action. */
export function counterMarks(
  type: ActionType,
  at: Date,
): { $min?: Record<string, Date>; $max?: Record<string, Date> } {
  if (MESSAGES.has(type)) return { $min: { firstMessagedAt: at } };
  if (type === 'reply_received') return { $max: { lastRepliedAt: at } };
  return {};
}

/** The operators of an update with their fields merged, empty operators left out (MongoDB refuses them). */
export function mergedUpdate(
  ...parts: Array<Partial<Record<'$min' | '$max' | '$set', Record<string, unknown>>>>
): UpdateQuery<LeadActionMarkRecord> {
  const update: Record<string, Record<string, unknown>> = {};
  for (const part of parts)
    for (const [operator, fields] of Object.entries(part))
      if (Object.keys(fields).length > 0) update[operator] = { ...update[operator], ...fields };
  return update as UpdateQuery<LeadActionMarkRecord>;
}

/** What `recordAction` needs of an action. */
export type MarkedAction = Pick<
  ActionRecord,
  'campaignId' | 'leadId' | 'type' | 'occurredAt' | 'stepId' | 'variantId' | 'accountId'
>;

export type MarkUpdate = UpdateQuery<LeadActionMarkRecord> &
  Partial<Record<'$min' | '$max' | '$set', Record<string, unknown>>>;

/** The update leaving an action's mark (and the counters' first message or last reply) on its lead. */
export function updateOf(action: MarkedAction, mark: DayMark): MarkUpdate {
  return mergedUpdate(
    counterMarks(action.type, action.occurredAt),
    markUpdate('days', groupPaths(action), utcDay(action.occurredAt), mark),
  ) as MarkUpdate;
}

/** Two updates of one mark as one: the earlier of two `$min`s, the later of two `$max`s. */
export function combinedUpdate(a: MarkUpdate, b: MarkUpdate): MarkUpdate {
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
export function changeOf(before: LeadActionMarkRecord | null, action: MarkedAction): ActionChange {
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
export function afterAction(
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

export function applyMark(
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
