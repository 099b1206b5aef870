import type { Document } from 'bson';
import { compareBson, typeRank } from '../storage/bson-order.js';
import { encodeKey, isPlainObject } from '../storage/bson-values.js';
import {
  requiresField,
  type FieldConditions,
  type RangeCondition,
  type RangeOperator,
} from './filter-conditions.js';

/**
 * Whether every document matching a query also matches a partial index's filter, so that the
 * index holds all of the query's matches. Like MongoDB, this recognises the common cases and says
 * no otherwise (the query then scans, which is always correct):
 * - `$exists: true` is implied by any equality, range or `$type` condition on the field;
 * - an equality is implied by the same equality;
 * - a comparison is implied by a tighter comparison of the same type, or by equalities that
 *   all satisfy it;
 * - `$type` is implied by the same `$type`;
 * - `$and` (explicit or implicit) when each clause is.
 * Each implication holds element by element, so it is also sound for array fields.
 */
export function impliesFilter(query: ReadonlyMap<string, FieldConditions>, filter: Document): boolean {
  return Object.entries(filter).every(([field, condition]) => {
    if (field === '$and') {
      return (
        Array.isArray(condition) &&
        condition.every((clause) => isPlainObject(clause) && impliesFilter(query, clause))
      );
    }
    if (field.startsWith('$')) return false;
    return impliesCondition(query.get(field), condition);
  });
}

function impliesCondition(query: FieldConditions | undefined, condition: unknown): boolean {
  if (query === undefined) return false;
  const operators = isPlainObject(condition) ? Object.keys(condition) : [];
  if (operators.length === 0 || !operators.every((key) => key.startsWith('$'))) {
    return impliesEquality(query, condition);
  }
  const spec = condition as Document;
  return operators.every((op) => impliesOperator(query, op, spec[op]));
}

function impliesOperator(query: FieldConditions, op: string, argument: unknown): boolean {
  switch (op) {
    case '$exists':
      return (argument === true || argument === 1) && requiresField(query);
    case '$eq':
      return impliesEquality(query, argument);
    case '$type':
      return query.types.some((type) => encodeKey(type) === encodeKey(argument));
    case '$gt':
    case '$gte':
    case '$lt':
    case '$lte':
      return impliesRange(query, { op, value: argument });
    default:
      return false;
  }
}

function impliesEquality(query: FieldConditions, value: unknown): boolean {
  return query.equals?.length === 1 && encodeKey(query.equals[0]) === encodeKey(value);
}

function impliesRange(query: FieldConditions, required: RangeCondition): boolean {
  if (query.equals !== undefined && query.equals.length > 0) {
    return query.equals.every((value) => satisfies(value, required));
  }
  return query.ranges.some((range) => rangeWithin(range, required));
}

/** Whether a value passes a comparison, with MongoDB's type bracketing (other types never do). */
function satisfies(value: unknown, { op, value: bound }: RangeCondition): boolean {
  if (typeRank(value) !== typeRank(bound)) return false;
  const order = compareBson(value, bound);
  return passes(op, order);
}

function passes(op: RangeOperator, order: number): boolean {
  switch (op) {
    case '$gt':
      return order > 0;
    case '$gte':
      return order >= 0;
    case '$lt':
      return order < 0;
    case '$lte':
      return order <= 0;
  }
}

/** Whether every value passing `range` also passes `required` (same direction and type). */
function rangeWithin(range: RangeCondition, required: RangeCondition): boolean {
  if (typeRank(range.value) !== typeRank(required.value)) return false;
  const lower = (op: RangeOperator) => op === '$gt' || op === '$gte';
  if (lower(range.op) !== lower(required.op)) return false;
  const order = compareBson(range.value, required.value);
  const strictRequired = required.op === '$gt' || required.op === '$lt';
  const strictGiven = range.op === '$gt' || range.op === '$lt';
  // e.g. `$gte 5` implies `$gt 4` and `$gte 5`; `$gt 5` also implies `$gt 5`; `$gte 5` does not.
  const tighter = lower(range.op) ? order > 0 : order < 0;
  return tighter || (order === 0 && (strictGiven || !strictRequired));
}
