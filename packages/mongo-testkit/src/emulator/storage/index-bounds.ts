import type { FieldConditions, RangeCondition } from '../query/filter-conditions.js';
import { compareBson, typeRank } from './bson-order.js';
import { encodeKey } from './bson-values.js';

/**
 * One part of a bound on an index key: a value; the start or end of a type's values (ranges are
 * type-bracketed, as in MongoDB: `$lte: date` matches dates only); or, after the bounded fields,
 * `low`/`high`, which sort before/after every key in the index's own order.
 */
export type BoundPart = { value: unknown } | { edge: number; side: 'start' | 'end' } | 'low' | 'high';

/** The keys between `low` and `high` (both compared in the index's order, fields' directions applied). */
export interface KeyInterval {
  low: BoundPart[];
  high: BoundPart[];
}

/** What an index can do for a query: the leading fields it pins, an optional range after them. */
export interface IndexBounds {
  equalityFields: number;
  hasRange: boolean;
  /** Disjoint intervals in the index's order. */
  intervals: KeyInterval[];
}

/** One indexed field as the bounds need it. */
export interface BoundField {
  name: string;
  direction: 1 | -1;
  /** Hashed fields answer equality only. */
  hashed: boolean;
  /** The field holds arrays in some document, so its keys are elements. */
  multikey: boolean;
}

/** Above this many intervals (the product of `$in` lists), further fields are left unbounded. */
const MAX_INTERVALS = 512;

/** Compares a key value with a bound part, in the index's order for a field of `direction`. */
export function compareToBound(value: unknown, part: BoundPart, direction: 1 | -1): number {
  if (part === 'low') return 1;
  if (part === 'high') return -1;
  if ('value' in part) return direction * compareBson(value, part.value);
  const rank = typeRank(value);
  const ascending = rank !== part.edge ? (rank < part.edge ? -1 : 1) : part.side === 'start' ? 1 : -1;
  return direction * ascending;
}

/** Compares a key with a bound, field by field, in the index's order. */
export function compareKeyToBound(
  key: readonly unknown[],
  bound: readonly BoundPart[],
  fields: readonly Pick<BoundField, 'direction'>[],
): number {
  for (let i = 0; i < bound.length; i++) {
    const order = compareToBound(key[i], bound[i] as BoundPart, fields[i]?.direction ?? 1);
    if (order !== 0) return order;
  }
  return 0;
}

/**
 * The bounds an index offers a query: equality (or `$in`) on a prefix of its fields, then an
 * optional range on the next one; undefined when it offers neither.
 */
export function indexBounds(
  fields: readonly BoundField[],
  query: ReadonlyMap<string, FieldConditions>,
): IndexBounds | undefined {
  let prefixes: unknown[][] = [[]];
  let equalityFields = 0;
  for (const field of fields) {
    const values = query.get(field.name)?.equals;
    if (values === undefined || prefixes.length * values.length > MAX_INTERVALS) break;
    const ordered = orderedDistinct(values, field.direction);
    prefixes = prefixes.flatMap((prefix) => ordered.map((value) => [...prefix, value]));
    equalityFields += 1;
  }
  const next = fields[equalityFields];
  const range =
    next !== undefined && !next.hashed ? rangeOf(query.get(next.name)?.ranges ?? [], next) : undefined;
  if (equalityFields === 0 && range === undefined) return undefined;
  const intervals = prefixes.map((prefix): KeyInterval => {
    const values = prefix.map((value): BoundPart => ({ value }));
    if (range === undefined) return { low: [...values, 'low'], high: [...values, 'high'] };
    return { low: [...values, ...range.low], high: [...values, ...range.high] };
  });
  return { equalityFields, hasRange: range !== undefined, intervals };
}

function orderedDistinct(values: readonly unknown[], direction: 1 | -1): unknown[] {
  const distinct = [...new Map(values.map((value) => [encodeKey(value), value])).values()];
  return distinct.sort((a, b) => direction * compareBson(a, b));
}

/**
 * The bound parts of a field's range conditions, in the index's order. Bounds of one type are
 * intersected. On a multikey field only one condition is used: `{ a: { $gt: 1, $lt: 5 } }`
 * matches `a: [0, 9]` (each bound met by a different element), which the intersection would miss.
 */
function rangeOf(
  ranges: readonly RangeCondition[],
  field: BoundField,
): { low: BoundPart[]; high: BoundPart[] } | undefined {
  const first = ranges[0];
  if (first === undefined) return undefined;
  const rank = typeRank(first.value);
  const used = field.multikey ? [first] : ranges.filter((range) => typeRank(range.value) === rank);
  let lower: { value: unknown; inclusive: boolean } | undefined;
  let upper: { value: unknown; inclusive: boolean } | undefined;
  for (const { op, value } of used) {
    const inclusive = op === '$gte' || op === '$lte';
    if (op === '$gt' || op === '$gte') {
      const order = lower === undefined ? 1 : compareBson(value, lower.value);
      if (order > 0 || (order === 0 && !inclusive)) lower = { value, inclusive };
    } else {
      const order = upper === undefined ? -1 : compareBson(value, upper.value);
      if (order < 0 || (order === 0 && !inclusive)) upper = { value, inclusive };
    }
  }
  const ascendingLow: BoundPart[] =
    lower === undefined
      ? [{ edge: rank, side: 'start' }]
      : [{ value: lower.value }, lower.inclusive ? 'low' : 'high'];
  const ascendingHigh: BoundPart[] =
    upper === undefined
      ? [{ edge: rank, side: 'end' }]
      : [{ value: upper.value }, upper.inclusive ? 'high' : 'low'];
  if (field.direction === 1) return { low: ascendingLow, high: ascendingHigh };
  // Walking a descending field, the upper value comes first; inclusive bounds still take the
  // whole run of keys equal to them, so the filler after each value keeps its meaning.
  return { low: flipFiller(ascendingHigh), high: flipFiller(ascendingLow) };
}

function flipFiller(parts: BoundPart[]): BoundPart[] {
  return parts.map((part) => (part === 'low' ? 'high' : part === 'high' ? 'low' : part));
}
