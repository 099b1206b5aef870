import type { Document } from 'bson';
import { isIndexableScalar, isPlainObject } from './bson-values.js';
import { typeRank } from './bson-order.js';
import type { IndexScanPlan } from './query-planner.js';

const RANGE_OPERATORS: ReadonlySet<string> = new Set(['$gt', '$gte', '$lt', '$lte']);

/**
 * Whether a count can be answered from the index keys alone (MongoDB's COUNT_SCAN): every key
 * within the plan's bounds then belongs to a matching document and every match has exactly one
 * such key. That holds when the filter says nothing beyond the bounds: equality (`{ f: v }`,
 * `$eq`, `$in` of scalars) on each field of the equality prefix, ranges of one type on the next
 * field, nothing else; and no indexed field holds arrays (a multikey index keeps a document once
 * per element, and a range on it is bounded on one side only). A partial or sparse index was
 * already chosen only when it holds every match, and every key it holds within the bounds
 * satisfies them.
 */
export function isCountedByIndex(filter: Document, plan: IndexScanPlan): boolean {
  if (plan.index.isMultikey) return false;
  const fields = plan.index.boundFields();
  if (fields.some((field) => field.hashed)) return false;
  const clauses = flatClauses(filter);
  if (clauses === undefined) return false;
  const equalityNames = fields.slice(0, plan.equalityFields).map((field) => field.name);
  const rangeName = plan.hasRange ? fields[plan.equalityFields]?.name : undefined;
  const seen = new Map<string, number>();
  for (const [field, condition] of clauses) {
    seen.set(field, (seen.get(field) ?? 0) + 1);
    if (equalityNames.includes(field)) {
      if (!isEquality(condition)) return false;
    } else if (field === rangeName) {
      if (!isRange(condition)) return false;
    } else return false;
  }
  if (equalityNames.some((name) => seen.get(name) !== 1)) return false;
  return rangeName === undefined || sameTypeRanges(clauses.filter(([field]) => field === rangeName));
}

/** The filter's `field: condition` pairs, `$and` clauses flattened; undefined for other operators. */
function flatClauses(filter: Document): [string, unknown][] | undefined {
  const clauses: [string, unknown][] = [];
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(condition)) {
      for (const clause of condition) {
        const inner = isPlainObject(clause) ? flatClauses(clause) : undefined;
        if (inner === undefined) return undefined;
        clauses.push(...inner);
      }
    } else if (field.startsWith('$')) return undefined;
    else clauses.push([field, condition]);
  }
  return clauses;
}

/**
 * Null counts too: on an index with no arrays, a null key is exactly a null or missing field,
 * which is what `{ f: null }` matches.
 */
const isKey = (value: unknown) => value === null || isIndexableScalar(value);

function isEquality(condition: unknown): boolean {
  if (isKey(condition)) return true;
  if (!isPlainObject(condition)) return false;
  const entries = Object.entries(condition);
  if (entries.length !== 1) return false;
  const [op, argument] = entries[0] as [string, unknown];
  if (op === '$eq') return isKey(argument);
  return op === '$in' && Array.isArray(argument) && argument.every(isKey);
}

function isRange(condition: unknown): boolean {
  if (!isPlainObject(condition)) return false;
  const entries = Object.entries(condition);
  return (
    entries.length > 0 && entries.every(([op, value]) => RANGE_OPERATORS.has(op) && isIndexableScalar(value))
  );
}

/** The planner intersects only the bounds of the first range's type; others would go unchecked. */
function sameTypeRanges(clauses: [string, unknown][]): boolean {
  const ranks = new Set<number>();
  for (const [, condition] of clauses)
    for (const value of Object.values(condition as Document)) ranks.add(typeRank(value));
  return ranks.size <= 1;
}
