import type { ActionType } from '@outreach/domain';
import type { ActionRecord } from './action.schema.js';

/**
 * What one lead did on one UTC day within one group of actions, as far as the distinct-lead
 * figures need: its first message (or InMail) and last reply of the day, with their times (a
 * reply answers a message when it comes after it, also within a day), and whether it was invited
 * or accepted. Fields are absent until the lead has such an action that day.
 */
export interface DayMark {
  message?: Date;
  reply?: Date;
  invited?: true;
  accepted?: true;
}

/** A lead's marks by UTC day (`YYYY-MM-DD`) within one group. */
export type DayMarks = Record<string, DayMark>;

/**
 * A lead's days per group of actions: all of them (`total`), and those of each step, variant and
 * sender account. A group is named by its path (`total`, `steps.<stepId>`, `variants.<variantId>`,
 * `senders.<accountId>`), the same in the marks and in the daily roll-ups' histograms.
 */
export interface LeadDays {
  total?: DayMarks;
  steps?: Record<string, DayMarks>;
  variants?: Record<string, DayMarks>;
  senders?: Record<string, DayMarks>;
}

const MESSAGES: ReadonlySet<ActionType> = new Set(['message_sent', 'inmail_sent']);

/** The mark an action leaves on its day, or null for a type no distinct figure counts. */
export function markOf(type: ActionType, at: Date): DayMark | null {
  if (MESSAGES.has(type)) return { message: at };
  if (type === 'reply_received') return { reply: at };
  if (type === 'invitation_sent') return { invited: true };
  if (type === 'invitation_accepted') return { accepted: true };
  return null;
}

/**
 * The groups an action counts in. A variant's actions carry its step (the runner writes both from
 * the step; variant ids are unique), so a variant is a group of its own, its step beside it.
 */
export function groupPaths(action: Pick<ActionRecord, 'stepId' | 'variantId' | 'accountId'>): string[] {
  const paths = ['total'];
  if (action.stepId !== null) paths.push(`steps.${action.stepId}`);
  if (action.variantId !== null) paths.push(`variants.${action.variantId}`);
  if (action.accountId !== null) paths.push(`senders.${action.accountId}`);
  return paths;
}

/** The days of one group of a lead (none when the lead has no action in it). */
export function daysAt(days: LeadDays | undefined, path: string): DayMarks {
  const [kind, id] = splitPath(path);
  if (kind === 'total') return days?.total ?? {};
  return days?.[kind]?.[id ?? ''] ?? {};
}

/** Two marks of one day as one: the earlier message, the later reply, either flag. */
export function mergeMarks(a: DayMark | undefined, b: DayMark): DayMark {
  const merged: DayMark = { ...a };
  if (b.message !== undefined && (merged.message === undefined || b.message < merged.message))
    merged.message = b.message;
  if (b.reply !== undefined && (merged.reply === undefined || b.reply > merged.reply)) merged.reply = b.reply;
  if (b.invited) merged.invited = true;
  if (b.accepted) merged.accepted = true;
  return merged;
}

/** A group's days with one more mark (a copy). */
export function withMark(days: DayMarks, day: string, mark: DayMark): DayMarks {
  return { ...days, [day]: mergeMarks(days[day], mark) };
}

/** Adds a mark to a lead's days in every group of `paths` (in place; building a lead's state). */
export function addMark(days: LeadDays, paths: readonly string[], day: string, mark: DayMark): void {
  for (const path of paths) {
    const [kind, id] = splitPath(path);
    if (kind === 'total') days.total = withMark(days.total ?? {}, day, mark);
    else {
      const groups = (days[kind] ??= {});
      groups[id ?? ''] = withMark(groups[id ?? ''] ?? {}, day, mark);
    }
  }
}

/**
 * The update that leaves `mark` on `day` of each group under `prefix` in a stored document:
 * `$min` of the message time, `$max` of the reply time, `$set` of the flags. Each operator only
 * moves a field one way, so updates arriving in any order, or twice, end in the same state.
 */
export function markUpdate(
  prefix: string,
  paths: readonly string[],
  day: string,
  mark: DayMark,
): { $min: Record<string, Date>; $max: Record<string, Date>; $set: Record<string, true> } {
  const update = {
    $min: {} as Record<string, Date>,
    $max: {} as Record<string, Date>,
    $set: {} as Record<string, true>,
  };
  for (const path of paths) {
    const at = `${prefix}.${path}.${day}`;
    if (mark.message !== undefined) update.$min[`${at}.message`] = mark.message;
    if (mark.reply !== undefined) update.$max[`${at}.reply`] = mark.reply;
    if (mark.invited) update.$set[`${at}.invited`] = true;
    if (mark.accepted) update.$set[`${at}.accepted`] = true;
  }
  return update;
}

/** Every group of a lead's days, with its path. */
export function eachGroup(days: LeadDays): Array<[path: string, days: DayMarks]> {
  const groups: Array<[string, DayMarks]> = [];
  if (days.total !== undefined) groups.push(['total', days.total]);
  for (const kind of ['steps', 'variants', 'senders'] as const)
    for (const [id, marks] of Object.entries(days[kind] ?? {})) groups.push([`${kind}.${id}`, marks]);
  return groups;
}

function splitPath(path: string): ['total', undefined] | ['steps' | 'variants' | 'senders', string] {
  const dot = path.indexOf('.');
  if (dot < 0) return ['total', undefined];
  return [path.slice(0, dot) as 'steps' | 'variants' | 'senders', path.slice(dot + 1)];
}
