import type { Document } from 'bson';
import { isPlainObject } from '../storage/bson-values.js';

/** A document matches, does not, or holds a value this test leaves to the full query engine. */
type Answer = boolean | 'ask_engine';

const COMPARISONS: Record<string, (time: number, bound: number) => boolean> = {
  $lt: (time, bound) => time < bound,
  $lte: (time, bound) => time <= bound,
  $gt: (time, bound) => time > bound,
  $gte: (time, bound) => time >= bound,
};

/**
 * A top-level field compared with a date (`{ nextAttemptAt: { $lte: now } }`) or such a comparison
 * negated (`{ leaseUntil: { $not: { $gt: now } } }`): the due-time and lease conditions of every
 * claim, judged without compiling a query. A date compares only with dates (MongoDB's type
 * brackets), so a document holding null or nothing there never matches the comparison and always
 * matches its negation. Any other value (an array, a timestamp, a string...) is left to the engine.
 * Null for a condition of any other shape.
 */
export function dateRangeTest(field: string, condition: unknown): ((doc: Document) => Answer) | null {
  if (field === '' || field.startsWith('$') || field.includes('.') || !isPlainObject(condition)) return null;
  const keys = Object.keys(condition);
  if (keys.length !== 1) return null;
  if (keys[0] === '$not') {
    const inner = comparison(condition['$not']);
    if (inner === null) return null;
    return (doc) => {
      const answer = judge(doc[field], inner);
      return answer === 'ask_engine' ? answer : !answer;
    };
  }
  const test = comparison(condition);
  return test === null ? null : (doc) => judge(doc[field], test);
}

/** `{ $op: date }` as a test of a time, or null. */
function comparison(condition: unknown): ((time: number) => boolean) | null {
  if (!isPlainObject(condition)) return null;
  const keys = Object.keys(condition);
  const compare = keys.length === 1 ? COMPARISONS[keys[0] as string] : undefined;
  const bound: unknown = condition[keys[0] as string];
  if (compare === undefined || !isValidDate(bound)) return null;
  const limit = bound.getTime();
  return (time) => compare(time, limit);
}

function judge(value: unknown, test: (time: number) => boolean): Answer {
  if (value === undefined || value === null) return false;
  return isValidDate(value) ? test(value.getTime()) : 'ask_engine';
}

function isValidDate(value: unknown): value is Date {
  return value instanceof Date && !Number.isNaN(value.getTime());
}
