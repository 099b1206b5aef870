import { ObjectId, type Document } from 'bson';
import { encodeKey, isIndexableScalar, isPlainObject, sameKey } from '../storage/bson-values.js';
import { dateRangeTest } from './date-ranges.js';

/** A document matches, does not, or holds a value this matcher leaves to the full query engine. */
export type EqualityAnswer = boolean | 'ask_engine';

/**
 * A matcher for the most common filter of all, field equalities (`{ _id: 'x', status: 'pending' }`,
 * also `$eq` and `$in`), without compiling a query: the data layer sends one such filter with every
 * update of a bulk write, and compiling each took a large share of an update's cost. A top-level
 * field compared with a date, or such a comparison negated, is judged too (see `dateRangeTest`).
 *
 * Null when the filter has anything else (an operator, a null, an embedded document or array, an
 * array index in a path, an exotic number): the query engine answers those. A document is compared
 * through the values it holds at each path the way MongoDB reads them (arrays on the way traversed,
 * an array at the end by its elements). A document this matcher cannot judge as the engine would
 * goes to the engine: one with a value it does not compare (a Decimal128, a Long, a timestamp,
 * binary data...) or with arrays in arrays on the path.
 */
export function compileEqualityMatcher(filter: Document): ((doc: Document) => EqualityAnswer) | null {
  const tests: ((doc: Document) => EqualityAnswer)[] = [];
  for (const [field, condition] of Object.entries(filter)) {
    const test = equalityTest(field, condition) ?? dateRangeTest(field, condition);
    if (test === null) return null;
    tests.push(test);
  }
  return (doc) => {
    let answer: EqualityAnswer = true;
    for (const test of tests) {
      const found = test(doc);
      if (found === false) return false;
      if (found === 'ask_engine') answer = 'ask_engine';
    }
    return answer;
  };
}

/**
 * The filter's top-level fields split into those this matcher judges (the "equalities") and the rest.
 * A filter's fields all have to hold, so a document matches it exactly when it matches both parts:
 * the equalities can be tested first, and the query engine asked only about the rest (of
 * `{ _id: { $in: [...] }, attempts: 2, leaseUntil: { $not: { $gt: now } }, tags: { $all: [...] } }`
 * only about `tags`, instead of an `$in` it tests by hashing the whole list for each document).
 */
export function splitEqualities(filter: Document): { equalities: Document; rest: Document } {
  const equalities: Document = {};
  const rest: Document = {};
  for (const [field, condition] of Object.entries(filter)) {
    const judged = equalityValues(field, condition) !== null || dateRangeTest(field, condition) !== null;
    if (judged) equalities[field] = condition;
    else rest[field] = condition;
  }
  return { equalities, rest };
}

/** The test of one field's equality, or null for a field or condition it leaves alone. */
function equalityTest(field: string, condition: unknown): ((doc: Document) => EqualityAnswer) | null {
  const values = equalityValues(field, condition);
  if (values === null) return null;
  const { path } = values;
  const accepts = acceptance(values.accepted);
  return (doc) => {
    const found: unknown[] = [];
    return collectValues(doc, path, 0, found) ? matchesOne(found, accepts) : 'ask_engine';
  };
}

function equalityValues(field: string, condition: unknown): { path: string[]; accepted: unknown[] } | null {
  const path = field.split('.');
  if (field.startsWith('$') || path.some((part) => part === '' || part.startsWith('$') || /^\d+$/.test(part)))
    return null;
  const accepted = acceptedValues(condition);
  return accepted === null ? null : { path, accepted };
}

/**
 * The scalars and documents a path reaches: arrays of documents on the way traversed, an array at
 * the end by its elements. False when an array holds an array on the way: how those are read is
 * left to the engine, so this matcher never answers differently from it.
 */
function collectValues(value: unknown, path: readonly string[], depth: number, out: unknown[]): boolean {
  if (Array.isArray(value)) {
    for (const element of value) {
      if (Array.isArray(element)) return false;
      if (depth === path.length) out.push(element);
      else if (isPlainObject(element) && !collectValues(element[path[depth] as string], path, depth + 1, out))
        return false;
    }
    return true;
  }
  if (depth === path.length) {
    if (value !== undefined) out.push(value);
    return true;
  }
  return isPlainObject(value) ? collectValues(value[path[depth] as string], path, depth + 1, out) : true;
}

/** The values an equality accepts, or null for a condition this matcher leaves to the engine. */
function acceptedValues(condition: unknown): unknown[] | null {
  if (isComparable(condition)) return [condition];
  if (!isPlainObject(condition)) return null;
  const operators = Object.keys(condition);
  if (operators.length !== 1) return null;
  const argument: unknown = condition[operators[0] as string];
  if (operators[0] === '$eq') return isComparable(argument) ? [argument] : null;
  if (
    operators[0] === '$in' &&
    Array.isArray(argument) &&
    argument.length > 0 &&
    argument.every(isComparable)
  )
    return argument;
  return null;
}

/** Strings, booleans, finite numbers, dates and ObjectIds: equal exactly when their keys are. */
function isComparable(value: unknown): boolean {
  return isIndexableScalar(value) && !(value instanceof Date && Number.isNaN(value.getTime()));
}

/**
 * The test of one value against the accepted ones: compared one by one when they are few, looked
 * up by their keys when many (an `$in` of a batch's ids is tested against each of its documents).
 */
function acceptance(accepted: readonly unknown[]): (value: unknown) => boolean {
  if (accepted.length <= 8) return (value) => accepted.some((candidate) => sameKey(value, candidate));
  const keys = new Set(accepted.map(encodeKey));
  return (value) => keys.has(encodeKey(value));
}

function matchesOne(values: unknown[], accepts: (value: unknown) => boolean): EqualityAnswer {
  let answer: EqualityAnswer = false;
  for (const value of values) {
    if (value === null || Array.isArray(value) || isPlainObject(value)) continue;
    if (!isPlainScalar(value)) {
      answer = 'ask_engine';
      continue;
    }
    if (accepts(value)) return true;
  }
  return answer;
}

function isPlainScalar(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return !Number.isNaN(value);
    case 'object':
      return value instanceof Date || value instanceof ObjectId;
    default:
      return false;
  }
}
