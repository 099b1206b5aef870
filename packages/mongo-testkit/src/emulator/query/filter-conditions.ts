import type { Document } from 'bson';
import { isIndexableScalar, isPlainObject } from '../storage/bson-values.js';

export type RangeOperator = '$gt' | '$gte' | '$lt' | '$lte';

export interface RangeCondition {
  op: RangeOperator;
  value: unknown;
}

/** What a filter requires of one field, as far as an index can use it. */
export interface FieldConditions {
  /** The field holds one of these values (`{ f: v }`, `$eq`, `$in`); the narrowest list wins. */
  equals?: unknown[];
  /** Comparisons with scalar bounds; a document must satisfy each of them. */
  ranges: RangeCondition[];
  /** `$exists: true` was asked for. */
  exists: boolean;
  /** The arguments of `$type` conditions. */
  types: unknown[];
}

const RANGE_OPERATORS: ReadonlySet<string> = new Set(['$gt', '$gte', '$lt', '$lte']);

/**
 * The conditions a filter puts on each field, from its top level and top-level `$and` clauses.
 * Each is necessary for a document to match (the full filter still runs on every candidate), so
 * an index answering any of them yields a complete candidate set. Conditions under `$or`, `$nor`,
 * `$not` or `$elemMatch` are left out: they do not constrain every match.
 */
export function fieldConditions(filter: Document): Map<string, FieldConditions> {
  const found = new Map<string, FieldConditions>();
  collect(filter, found);
  return found;
}

/** The fields a filter pins to one or a few scalar values (see `FieldConditions.equals`). */
export function equalityConditions(filter: Document): Map<string, unknown[]> {
  const pinned = new Map<string, unknown[]>();
  for (const [field, conditions] of fieldConditions(filter)) {
    if (conditions.equals !== undefined) pinned.set(field, conditions.equals);
  }
  return pinned;
}

function collect(filter: Document, found: Map<string, FieldConditions>): void {
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(condition)) {
      for (const clause of condition) if (isPlainObject(clause)) collect(clause, found);
      continue;
    }
    if (field.startsWith('$')) continue;
    let conditions = found.get(field);
    if (conditions === undefined) found.set(field, (conditions = { ranges: [], exists: false, types: [] }));
    addCondition(conditions, condition);
  }
}

/**
 * A value an equality can be looked up by in an index. Null too: a missing field is keyed as null,
 * so `{ f: null }` (null or missing) reads the null keys, as on MongoDB.
 */
function isEqualityKey(value: unknown): boolean {
  return value === null || isIndexableScalar(value);
}

function addCondition(conditions: FieldConditions, condition: unknown): void {
  if (isEqualityKey(condition)) {
    pin(conditions, [condition]);
    return;
  }
  if (!isPlainObject(condition)) return;
  const operators = Object.keys(condition);
  if (operators.length === 0 || !operators.every((key) => key.startsWith('$'))) return;
  for (const op of operators) {
    const argument: unknown = condition[op];
    if (op === '$eq' && isEqualityKey(argument)) pin(conditions, [argument]);
    else if (op === '$in' && Array.isArray(argument) && argument.every(isEqualityKey))
      pin(conditions, argument);
    else if (RANGE_OPERATORS.has(op) && isIndexableScalar(argument))
      conditions.ranges.push({ op: op as RangeOperator, value: argument });
    else if (op === '$exists' && isTruthyFlag(argument)) conditions.exists = true;
    else if (op === '$type') conditions.types.push(argument);
  }
}

function isTruthyFlag(value: unknown): boolean {
  return value === true || (typeof value === 'number' && value !== 0);
}

function pin(conditions: FieldConditions, values: unknown[]): void {
  if (conditions.equals === undefined || values.length < conditions.equals.length) conditions.equals = values;
}

/**
 * Whether matching documents must have the field (any equality but one allowing null, range or
 * `$type` implies it).
 */
export function requiresField(conditions: FieldConditions | undefined): boolean {
  if (conditions === undefined) return false;
  return (
    (conditions.equals !== undefined && !conditions.equals.includes(null)) ||
    conditions.ranges.length > 0 ||
    conditions.exists ||
    conditions.types.length > 0
  );
}
