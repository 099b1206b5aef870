import { utcDay, type DailyRollupRecord, type TypeCounts } from '../daily-rollup/daily-rollup.schema.js';
import {
  addDistinct,
  distinctOf,
  noDistinct,
  type DistinctCounts,
  type GroupFirsts,
  type RollupFirsts,
} from '../daily-rollup/firsts.js';
import type { ActionCounts } from './action-analytics.js';
import { dayCountsOf, type DayCounts } from './action-days.js';
import type { ActionRecord } from './action.schema.js';
import { daysAt, groupPaths, markOf, type DayMark, type LeadDays } from './lead-days.js';

/** What a window's answer is assembled from (see `ActionRepository.analytics`). */
export interface RollupRead {
  /** The roll-ups of the window's whole days `[days.first, days.last]`. */
  records: readonly DailyRollupRecord[];
  days: { first: string; last: string };
  /** The actions of the window's parts outside whole days (already filtered as the query asks). */
  edgeActions: readonly ActionRecord[];
  /** The days of the leads of those actions (the marks): what corrects their distinct figures. */
  leadDays: ReadonlyMap<string, LeadDays>;
  /** Only this sender's actions: the roll-ups' `senders.<accountId>` group stands for the total. */
  accountId?: string | undefined;
  /** Whether to answer per step and per variant (not kept per sender: left empty with `accountId`). */
  breakdown: boolean;
}

export interface RolledAnalytics {
  totals: ActionCounts;
  perStep: Array<ActionCounts & { stepId: string }>;
  perVariant: Array<ActionCounts & { stepId: string; variantId: string }>;
  perDay: Array<DayCounts & { date: string }>;
}

interface Tally {
  types: TypeCounts;
  distinct: DistinctCounts;
  stepId?: string;
}

/**
 * A window's figures from its whole days' roll-ups (counts added up; distinct leads from the
 * histograms, see firsts.ts) plus the actions of its part-days: those add their counts, and each
 * of their leads adds to a distinct figure exactly when it counts over the whole window (its
 * whole days, from its marks, and its part-day actions) but not over the whole days alone.
 */
export function rollupAnalytics(read: RollupRead): RolledAnalytics {
  const main = read.accountId === undefined ? 'total' : `senders.${read.accountId}`;
  const tallies = new Map<string, Tally>();
  const tally = (path: string): Tally => {
    const found = tallies.get(path);
    if (found !== undefined) return found;
    const created: Tally = { types: {}, distinct: noDistinct() };
    tallies.set(path, created);
    return created;
  };
  const perDay = new Map<string, TypeCounts>();
  for (const record of read.records) {
    const counts = read.accountId === undefined ? record.totals : record.senders?.[read.accountId];
    addTypes(tally(main).types, counts);
    addDistinct(tally(main).distinct, firstsAt(record.firsts, main), read.days.first);
    if (counts !== undefined && Object.values(counts).some((count) => (count ?? 0) > 0))
      addTypes(dayOf(perDay, record.day), counts);
    if (!read.breakdown) continue;
    for (const kind of ['steps', 'variants'] as const) {
      const ids = new Set([...Object.keys(record[kind] ?? {}), ...Object.keys(record.firsts?.[kind] ?? {})]);
      for (const id of ids) {
        const group = tally(`${kind}.${id}`);
        addTypes(group.types, record[kind]?.[id]);
        addDistinct(group.distinct, record.firsts?.[kind]?.[id], read.days.first);
        const stepId = kind === 'variants' ? record.variantSteps?.[id] : undefined;
        if (stepId !== undefined) group.stepId = stepId;
      }
    }
  }
  const edgeMarks = new Map<string, DayMark[]>();
  for (const action of read.edgeActions) {
    addTypes(dayOf(perDay, utcDay(action.occurredAt)), { [action.type]: 1 });
    const mark = markOf(action.type, action.occurredAt);
    for (const path of groupPaths(action)) {
      if (path !== main && !(read.breakdown && /^(steps|variants)\./.test(path))) continue;
      const group = tally(path);
      addTypes(group.types, { [action.type]: 1 });
      if (path.startsWith('variants.') && action.stepId !== null) group.stepId = action.stepId;
      if (mark === null) continue;
      const key = `${action.leadId}|${path}`;
      edgeMarks.set(key, [...(edgeMarks.get(key) ?? []), mark]);
    }
  }
  for (const [key, marks] of edgeMarks) {
    const [leadId, path] = key.split('|') as [string, string];
    const whole = Object.entries(daysAt(read.leadDays.get(leadId), path))
      .filter(([day]) => day >= read.days.first && day <= read.days.last)
      .map(([, mark]) => mark);
    const before = distinctOf(whole);
    const after = distinctOf([...whole, ...marks]);
    const sum = tally(path).distinct;
    for (const figure of Object.keys(sum) as Array<keyof DistinctCounts>)
      sum[figure] += after[figure] - before[figure];
  }
  return {
    totals: countsOf(tally(main)),
    perStep: rowsOf(tallies, 'steps.').map(([id, group]) => ({ stepId: id, ...countsOf(group) })),
    perVariant: rowsOf(tallies, 'variants.').map(([id, group]) => ({
      stepId: group.stepId as string,
      variantId: id,
      ...countsOf(group),
    })),
    perDay: [...perDay]
      .map(([date, counts]) => ({ date, ...dayCountsOf(counts) }))
      .sort((a, b) => a.date.localeCompare(b.date)),
  };
}

function firstsAt(firsts: RollupFirsts | undefined, path: string): GroupFirsts | undefined {
  if (path === 'total') return firsts?.total;
  const id = path.slice(path.indexOf('.') + 1);
  return firsts?.senders?.[id];
}

function dayOf(days: Map<string, TypeCounts>, day: string): TypeCounts {
  const found = days.get(day);
  if (found !== undefined) return found;
  const created: TypeCounts = {};
  days.set(day, created);
  return created;
}

function addTypes(into: TypeCounts, counts: TypeCounts | undefined): void {
  for (const [type, count] of Object.entries(counts ?? {}) as Array<[keyof TypeCounts, number]>)
    into[type] = (into[type] ?? 0) + count;
}

function countsOf(group: Tally): ActionCounts {
  return { ...dayCountsOf(group.types), ...group.distinct };
}

/** The groups under `prefix` that had actions in the window (as the raw grouping finds them), by id. */
function rowsOf(tallies: Map<string, Tally>, prefix: string): Array<[string, Tally]> {
  return [...tallies]
    .filter(
      ([path, group]) => path.startsWith(prefix) && Object.values(group.types).some((n) => (n ?? 0) > 0),
    )
    .map(([path, group]): [string, Tally] => [path.slice(prefix.length), group])
    .sort(([a], [b]) => a.localeCompare(b));
}
