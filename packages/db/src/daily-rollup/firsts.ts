import type { ActionCounts } from '../action/action-analytics.js';
import { mergeMarks, type DayMark, type DayMarks } from '../action/lead-days.js';

/*
 * Distinct leads over a window from per-day documents. A lead has an action of a kind in the
 * window [D1, D2] (whole UTC days) exactly when one of its days d of that kind lies in the window
 * while the day before it of that kind (its "previous") lies before D1 or does not exist; and that
 * day is unique. So each day's roll-up keeps, per group and kind, a histogram of previous days
 * (`messaged.<previous|none>`: lead-days), and a window counts the entries of its days whose key
 * is before D1.
 *
 * "Responded to a message" (the last reply in the window after the first message in it) holds
 * exactly when some reply-day e in the window has a message-day d with D1 <= d <= e (on e itself,
 * when the day's first message precedes its last reply). Call p(e) the latest such d; p never
 * decreases as e grows, so the reply-days that qualify for a window starting at D1 are those
 * with p(e) >= D1, and the first of them is the one whose p crosses D1: the one where the
 * previous reply-day's p is before D1. Each reply-day whose p differs from the previous one's is
 * kept as `responded.<p>.<previous p|none>`, counted when previous < D1 <= p.
 */

export const FIRST_KINDS = ['messaged', 'replied', 'invited', 'accepted'] as const;
export type FirstKind = (typeof FIRST_KINDS)[number];

/** The key of "no previous day": sorts after the days, so it is compared explicitly. */
const NONE = 'none';

/** One group's histograms in one day's roll-up (counts may be zero after moves). */
export type GroupFirsts = Partial<Record<FirstKind, Record<string, number>>> & {
  responded?: Record<string, Record<string, number>>;
};

/** The histograms of one day's roll-up, per group (as `LeadDays`). */
export interface RollupFirsts {
  total?: GroupFirsts;
  steps?: Record<string, GroupFirsts>;
  variants?: Record<string, GroupFirsts>;
  senders?: Record<string, GroupFirsts>;
}

export type DistinctCounts = Pick<
  ActionCounts,
  'leadsMessaged' | 'leadsReplied' | 'leadsRespondedToMessages' | 'leadsInvited' | 'leadsAccepted'
>;

const FIGURE: Record<FirstKind, keyof DistinctCounts> = {
  messaged: 'leadsMessaged',
  replied: 'leadsReplied',
  invited: 'leadsInvited',
  accepted: 'leadsAccepted',
};

const HAS: Record<FirstKind, (mark: DayMark) => boolean> = {
  messaged: (mark) => mark.message !== undefined,
  replied: (mark) => mark.reply !== undefined,
  invited: (mark) => mark.invited === true,
  accepted: (mark) => mark.accepted === true,
};

export function noDistinct(): DistinctCounts {
  return {
    leadsMessaged: 0,
    leadsReplied: 0,
    leadsRespondedToMessages: 0,
    leadsInvited: 0,
    leadsAccepted: 0,
  };
}

/** The histogram entries one lead's days in one group imply: a day and a key under the group. */
export function firstEntries(days: DayMarks): Array<[day: string, key: string]> {
  const sorted = Object.keys(days).sort();
  const entries: Array<[string, string]> = [];
  for (const kind of FIRST_KINDS) {
    let previous = NONE;
    for (const day of sorted) {
      if (!HAS[kind](days[day] as DayMark)) continue;
      entries.push([day, `${kind}.${previous}`]);
      previous = day;
    }
  }
  let lastMessageDay: string | null = null;
  let previous = NONE;
  for (const day of sorted) {
    const { message, reply } = days[day] as DayMark;
    if (reply !== undefined) {
      const p = message !== undefined && message < reply ? day : lastMessageDay;
      // An entry whose p equals the previous one can never cross a window's start: left out.
      if (p !== null && p !== previous) {
        entries.push([day, `responded.${p}.${previous}`]);
        previous = p;
      }
    }
    if (message !== undefined) lastMessageDay = day;
  }
  return entries;
}

/**
 * How one lead's move from `before` to `after` in the group at `path` changes the histograms:
 * per day, the `$inc`s (paths under the day's `firsts`), zeros left out.
 */
export function firstsChange(
  path: string,
  before: DayMarks,
  after: DayMarks,
): Map<string, Record<string, number>> {
  const byKey = new Map<string, number>();
  const add = (entries: Array<[string, string]>, by: number) => {
    for (const [day, key] of entries) {
      const at = `${day}|${path}.${key}`;
      byKey.set(at, (byKey.get(at) ?? 0) + by);
    }
  };
  add(firstEntries(before), -1);
  add(firstEntries(after), 1);
  const change = new Map<string, Record<string, number>>();
  for (const [at, by] of byKey) {
    if (by === 0) continue;
    const [day, key] = at.split('|') as [string, string];
    change.set(day, { ...change.get(day), [key]: by });
  }
  return change;
}

/** Adds one change to another (several groups moved by one action), in place. */
export function addChange(
  into: Map<string, Record<string, number>>,
  change: Map<string, Record<string, number>>,
): void {
  for (const [day, incs] of change) {
    const sum = into.get(day) ?? {};
    for (const [key, by] of Object.entries(incs)) sum[key] = (sum[key] ?? 0) + by;
    into.set(day, sum);
  }
}

/** What one day's histograms of a group add to a window starting on `firstDay`, in place. */
export function addDistinct(sum: DistinctCounts, firsts: GroupFirsts | undefined, firstDay: string): void {
  if (firsts === undefined) return;
  const beforeWindow = (key: string) => key === NONE || key < firstDay;
  for (const kind of FIRST_KINDS)
    for (const [previous, count] of Object.entries(firsts[kind] ?? {}))
      if (beforeWindow(previous)) sum[FIGURE[kind]] += count;
  for (const [p, previousDays] of Object.entries(firsts.responded ?? {})) {
    if (p < firstDay) continue;
    for (const [previous, count] of Object.entries(previousDays))
      if (beforeWindow(previous)) sum.leadsRespondedToMessages += count;
  }
}

/**
 * One lead's distinct figures (0 or 1) over a set of marks, by the recount's definitions: any
 * message, any reply, a last reply after the first message, any invitation, any acceptance.
 */
export function distinctOf(marks: Iterable<DayMark>): DistinctCounts {
  let all: DayMark = {};
  for (const mark of marks) all = mergeMarks(all, mark);
  const counts = noDistinct();
  for (const kind of FIRST_KINDS) counts[FIGURE[kind]] = HAS[kind](all) ? 1 : 0;
  counts.leadsRespondedToMessages =
    all.message !== undefined && all.reply !== undefined && all.reply > all.message ? 1 : 0;
  return counts;
}
