import type { QueryFilter } from 'mongoose';
import { InvalidCursorError } from './db-errors.js';

/**
 * A list's order for keyset paging: fields with their directions, ending with `_id`, so every
 * record has one place. `nullable` names fields that may hold null (nulls sort first ascending,
 * last descending, as in MongoDB).
 */
export interface KeysetOrder {
  /** Tells cursors of different lists apart: a cursor is only valid on the list that made it. */
  list: string;
  keys: ReadonlyArray<readonly [field: string, direction: 1 | -1]>;
  nullable?: ReadonlySet<string>;
}

type CursorValue = string | number | boolean | null | { d: number };

/**
 * The opaque cursor after `record`: the list's name and the record's sort values, base64url
 * encoded. It names a position, not an offset, so records inserted before it do not shift the
 * next page, and it is stable whatever is deleted.
 */
export function encodeCursor(order: KeysetOrder, record: Record<string, unknown>): string {
  const values = order.keys.map(([field]) => toCursorValue(record[field]));
  return Buffer.from(JSON.stringify([order.list, ...values])).toString('base64url');
}

/** The filter for the records after the cursor, in the list's order. */
export function afterCursor<T>(order: KeysetOrder, cursor: string): QueryFilter<T> {
  const values = decode(order, cursor);
  const branches: Record<string, unknown>[] = [];
  order.keys.forEach(([field, direction], i) => {
    const value = values[i];
    const beyond = beyondValue(direction, value, order.nullable?.has(field) ?? false);
    if (beyond === undefined) return;
    const equalBefore = Object.fromEntries(order.keys.slice(0, i).map(([name], j) => [name, values[j]]));
    branches.push({ ...equalBefore, [field]: beyond });
  });
  const or = { $or: branches.length > 0 ? branches : [{ _id: { $in: [] } }] };
  const [first] = order.keys;
  const start = values[0];
  // A bound on the first field alone lets the index walk start at the cursor instead of the top
  // of the list; the `$or` then only sorts out the records sharing the cursor's first value.
  if (first === undefined || start === null || start === undefined || order.nullable?.has(first[0]))
    return or as QueryFilter<T>;
  return { $and: [{ [first[0]]: { [first[1] === 1 ? '$gte' : '$lte']: start } }, or] } as QueryFilter<T>;
}

/** The condition for a field to lie beyond `value`; undefined when nothing can. */
function beyondValue(direction: 1 | -1, value: unknown, nullable: boolean): unknown {
  if (value === null) return direction === 1 ? { $ne: null } : undefined;
  if (direction === 1) return { $gt: value };
  // Descending, nulls come after every value, but `$lt` is bracketed to the value's type.
  return nullable ? { $not: { $gte: value } } : { $lt: value };
}

function decode(order: KeysetOrder, cursor: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (!Array.isArray(parsed) || parsed[0] !== order.list || parsed.length !== order.keys.length + 1)
    throw new InvalidCursorError();
  return parsed.slice(1).map(fromCursorValue);
}

function toCursorValue(value: unknown): CursorValue {
  if (value instanceof Date) return { d: value.getTime() };
  if (value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null)
    return value;
  return String(value);
}

function fromCursorValue(value: unknown): unknown {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return value;
  if (typeof value === 'object' && typeof (value as { d?: unknown }).d === 'number')
    return new Date((value as { d: number }).d);
  throw new InvalidCursorError();
}
