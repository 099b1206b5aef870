import { ACTION_TYPES, type ActionType } from '@outreach/domain';
import { leadDaysOf, rowGroups, type LeadDayRow } from '../action/lead-day-rows.js';
import { eachGroup } from '../action/lead-days.js';
import type { DailyRollupRecord, TypeCounts } from './daily-rollup.schema.js';
import { firstEntries } from './firsts.js';

/** A day's roll-up as the recount builds it (what is `$set` on a drifted day). */
export type DayRollup = Omit<DailyRollupRecord, '_id' | 'workspaceId'>;

/**
 * A campaign's days as its actions' rows say they should be: counts per type in all, per step,
 * per variant and per sender, and the histograms of each lead's days per group (the same entries
 * `actions.record` moves one action at a time).
 */
export function rollupsOfRows(campaignId: string, rows: readonly LeadDayRow[]): Map<string, DayRollup> {
  const days = new Map<string, DayRollup>();
  const dayOf = (day: string): DayRollup => {
    const found = days.get(day);
    if (found !== undefined) return found;
    const created = {
      campaignId,
      day,
      totals: {},
      steps: {},
      variants: {},
      variantSteps: {},
      senders: {},
      firsts: {},
    };
    days.set(day, created);
    return created;
  };
  for (const row of rows) {
    const day = dayOf(row._id.day);
    const { stepId, variantId, accountId } = rowGroups(row);
    for (const type of ACTION_TYPES) {
      const count = row[type] ?? 0;
      if (count === 0) continue;
      add((day.totals ??= {}), type, count);
      if (stepId !== null) add(((day.steps ??= {})[stepId] ??= {}), type, count);
      if (variantId !== null) {
        add(((day.variants ??= {})[variantId] ??= {}), type, count);
        if (stepId !== null) (day.variantSteps ??= {})[variantId] = stepId;
      }
      if (accountId !== null) add(((day.senders ??= {})[accountId] ??= {}), type, count);
    }
  }
  for (const leadDays of leadDaysOf(rows).values())
    for (const [path, marks] of eachGroup(leadDays))
      for (const [day, key] of firstEntries(marks)) increment(dayOf(day), `firsts.${path}.${key}`);
  return days;
}

function add(counts: TypeCounts, type: ActionType, by: number): void {
  counts[type] = (counts[type] ?? 0) + by;
}

/** Adds 1 at a dotted path of nested objects (ids and days hold no dots), creating them. */
function increment(target: object, path: string): void {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let node = target as Record<string, unknown>;
  for (const key of keys) node = (node[key] ??= {}) as Record<string, unknown>;
  node[last] = ((node[last] as number | undefined) ?? 0) + 1;
}

/** Whether a stored day holds what the recount found (zero counts and empty groups aside). */
export function sameCounts(
  stored: Partial<DailyRollupRecord> | undefined,
  actual: DayRollup | undefined,
): boolean {
  const pick = (record: Partial<DailyRollupRecord> | undefined) =>
    canonical({
      totals: record?.totals ?? {},
      steps: record?.steps ?? {},
      variants: record?.variants ?? {},
      senders: record?.senders ?? {},
      firsts: record?.firsts ?? {},
    });
  return pick(stored) === pick(actual);
}

/**
 * JSON with keys sorted at every level, leaving out zero counts and the objects they empty (a
 * histogram entry moved away by `$inc` stays as a zero), for comparing counts.
 */
function canonical(value: unknown): string | null {
  if (value === 0) return null;
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const entries = Object.entries(value as Record<string, unknown>)
    .map(([key, inner]) => [key, canonical(inner)] as const)
    .filter((entry): entry is readonly [string, string] => entry[1] !== null)
    .sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return null;
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${inner}`).join(',')}}`;
}
