/**
 * De-risks counting distinct leads from per-day histograms: for random leads' days (several
 * messages and replies a day, in either order, equal times), every window of whole days counts
 * each lead exactly as the definitions over its marks in the window do, and moving a lead one
 * mark at a time, in any order, leaves the histograms the lead's final days imply.
 */
import { describe, expect, it } from 'vitest';
import { withMark, type DayMark, type DayMarks } from '../action/lead-days.js';
import { seededRandom } from '../testing/seeded-random.js';
import {
  addChange,
  addDistinct,
  distinctOf,
  firstEntries,
  firstsChange,
  noDistinct,
  type GroupFirsts,
} from './firsts.js';

const DAYS = ['2025-06-01', '2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06'];

function randomMarks(random: () => number): Array<[string, DayMark]> {
  const marks: Array<[string, DayMark]> = [];
  const count = Math.floor(random() * 7);
  for (let i = 0; i < count; i += 1) {
    const dayIndex = Math.floor(random() * DAYS.length);
    // Few distinct hours, so equal times and both orders within a day occur.
    const at = new Date(Date.UTC(2025, 5, 1 + dayIndex, Math.floor(random() * 3)));
    const kind = Math.floor(random() * 4);
    const mark: DayMark =
      kind === 0
        ? { message: at }
        : kind === 1
          ? { reply: at }
          : kind === 2
            ? { invited: true }
            : { accepted: true };
    marks.push([DAYS[dayIndex] as string, mark]);
  }
  return marks;
}

function daysOf(marks: Array<[string, DayMark]>): DayMarks {
  return marks.reduce<DayMarks>((days, [day, mark]) => withMark(days, day, mark), {});
}

/** The histograms of one group's leads, by day, as the roll-ups would hold them. */
function histograms(leads: DayMarks[]): Map<string, GroupFirsts> {
  const byDay = new Map<string, GroupFirsts>();
  for (const days of leads)
    for (const [day, key] of firstEntries(days)) {
      const firsts = byDay.get(day) ?? {};
      const parts = key.split('.');
      let node = firsts as Record<string, unknown>;
      for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
      const last = parts.at(-1) as string;
      node[last] = ((node[last] as number | undefined) ?? 0) + 1;
      byDay.set(day, firsts);
    }
  return byDay;
}

describe('distinct leads from histograms of previous days', () => {
  it('count every window of whole days as the definitions over each lead’s marks in it', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const random = seededRandom(seed);
      const leads = Array.from({ length: 8 }, () => daysOf(randomMarks(random)));
      const byDay = histograms(leads);
      for (let first = 0; first < DAYS.length; first += 1)
        for (let last = first; last < DAYS.length; last += 1) {
          const window = DAYS.slice(first, last + 1);
          const counted = noDistinct();
          for (const day of window) addDistinct(counted, byDay.get(day), window[0] as string);
          const expected = noDistinct();
          for (const days of leads) {
            const lead = distinctOf(window.flatMap((day) => (days[day] ? [days[day]] : [])));
            for (const figure of Object.keys(expected) as Array<keyof typeof expected>)
              expected[figure] += lead[figure];
          }
          expect(counted, `seed ${seed}, ${window[0]}..${window.at(-1)}`).toEqual(expected);
        }
    }
  });

  it('moves by the difference of each mark, in any order, to the entries of the final days', () => {
    for (let seed = 1; seed <= 40; seed += 1) {
      const random = seededRandom(seed);
      const marks = randomMarks(random);
      const shuffled = [...marks].sort(() => random() - 0.5);
      const moved = new Map<string, Record<string, number>>();
      let days: DayMarks = {};
      for (const [day, mark] of shuffled) {
        const next = withMark(days, day, mark);
        addChange(moved, firstsChange('total', days, next));
        days = next;
      }
      const expected = new Map<string, Record<string, number>>();
      for (const [day, key] of firstEntries(daysOf(marks)))
        addChange(expected, new Map([[day, { [`total.${key}`]: 1 }]]));
      const nonZero = (change: Map<string, Record<string, number>>) =>
        Object.fromEntries(
          [...change]
            .map(([day, incs]) => [
              day,
              Object.fromEntries(Object.entries(incs).filter(([, by]) => by !== 0)),
            ])
            .filter(([, incs]) => Object.keys(incs as object).length > 0),
        );
      expect(nonZero(moved), `seed ${seed}`).toEqual(nonZero(expected));
    }
  });

  it('a reply on the day of the message responds to it only when it comes after it', () => {
    const at = (hour: number) => new Date(Date.UTC(2025, 5, 2, hour));
    const day = '2025-06-02';
    const after = { [day]: { message: at(9), reply: at(10) } };
    const before = { [day]: { message: at(10), reply: at(9) } };
    const same = { [day]: { message: at(9), reply: at(9) } };
    expect(firstEntries(after)).toContainEqual([day, `responded.${day}.none`]);
    expect(firstEntries(before).some(([, key]) => key.startsWith('responded'))).toBe(false);
    expect(firstEntries(same).some(([, key]) => key.startsWith('responded'))).toBe(false);
  });
});
