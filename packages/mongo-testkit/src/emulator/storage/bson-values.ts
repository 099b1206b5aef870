import { Binary, Decimal128, Long, ObjectId, Timestamp, type Document } from 'bson';

/**
 * Helpers over deserialised BSON values. With the `bson` library's default options, int32, int64
 * (when it fits) and double all arrive as plain numbers, dates as `Date`, regular expressions as
 * `RegExp`; ObjectId, Binary, Decimal128 and Timestamp stay as their classes.
 */

export function isPlainObject(value: unknown): value is Document {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * A string that is equal for two values exactly when MongoDB considers them equal in an index:
 * numbers of any width compare by value, embedded documents by their ordered fields.
 */
export function encodeKey(value: unknown): string {
  if (value === undefined) return 'u';
  if (value === null) return 'n';
  switch (typeof value) {
    case 'number':
      return `d${Object.is(value, -0) ? 0 : value}`;
    case 'string':
      return `s${JSON.stringify(value)}`;
    case 'boolean':
      return value ? 'T' : 'F';
    case 'bigint':
      return `d${value}`;
    default:
      return encodeObjectKey(value as object);
  }
}

function encodeObjectKey(value: object): string {
  if (value instanceof Date) return `t${value.getTime()}`;
  if (value instanceof ObjectId) return `o${value.toHexString()}`;
  if (Array.isArray(value)) return `[${value.map(encodeKey).join(',')}]`;
  if (value instanceof Long) return `d${value.toString()}`;
  if (value instanceof Decimal128) return `m${value.toString()}`;
  if (value instanceof Binary) return `b${value.sub_type}:${value.toString('hex')}`;
  if (value instanceof Timestamp) return `z${value.toString()}`;
  if (value instanceof RegExp) return `r${value.source}/${value.flags}`;
  if (isPlainObject(value)) {
    return `{${Object.entries(value)
      .map(([key, field]) => `${JSON.stringify(key)}:${encodeKey(field)}`)
      .join(',')}}`;
  }
  return `?${String(value)}`;
}

/**
 * Whether `encodeKey(a) === encodeKey(b)`, without building either string: documents and arrays
 * are walked in step and the walk stops at the first difference. The emulator asks this of every
 * updated document (was it modified?), where encoding both whole documents dominated the cost.
 */
export function sameKey(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let position = 0; position < a.length; position += 1) {
      if (!sameKey(a[position], b[position])) return false;
    }
    return true;
  }
  if (isPlainObject(a)) {
    if (!isPlainObject(b)) return false;
    const keys = Object.keys(a);
    const otherKeys = Object.keys(b);
    if (keys.length !== otherKeys.length) return false;
    return keys.every((key, position) => key === otherKeys[position] && sameKey(a[key], b[key]));
  }
  if (Array.isArray(b) || isPlainObject(b)) return false;
  // Only strings encode with a leading `s`: unequal strings, or a string and another type, differ.
  if (typeof a === 'string' || typeof b === 'string') return false;
  if (a instanceof Date && b instanceof Date) return Object.is(a.getTime(), b.getTime());
  return encodeKey(a) === encodeKey(b);
}

/**
 * Values a query of the form `{ path: value }` can be answered from an index with: scalars whose
 * index key is unambiguous. Anything else (null, arrays, documents, regular expressions, exotic
 * numbers) falls back to a scan, which is always correct.
 */
export function isIndexableScalar(value: unknown): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      return value instanceof Date || value instanceof ObjectId;
    default:
      return false;
  }
}

/**
 * Every value a document holds at a dotted path, the way a multikey index sees it: arrays on the
 * way are traversed, and an array at the end contributes itself and each element. A missing field
 * counts as null for indexes (`missing: 'null'`) and as nothing for `distinct` (`'skip'`).
 */
export function valuesAtPath(
  value: unknown,
  path: readonly string[],
  missing: 'null' | 'skip' = 'null',
): unknown[] {
  const out: unknown[] = [];
  collectValues(value, path, 0, out, missing === 'null');
  return out.length === 0 && missing === 'null' ? [null] : out;
}

function collectValues(
  value: unknown,
  path: readonly string[],
  depth: number,
  out: unknown[],
  nullForMissing: boolean,
): void {
  if (depth === path.length) {
    if (value === undefined) {
      if (nullForMissing) out.push(null);
    } else if (Array.isArray(value)) out.push(value, ...value);
    else out.push(value);
    return;
  }
  const field = path[depth] as string;
  if (Array.isArray(value)) {
    if (/^\d+$/.test(field)) collectValues(value[Number(field)], path, depth + 1, out, nullForMissing);
    for (const element of value) {
      if (isPlainObject(element)) collectValues(element[field], path, depth + 1, out, nullForMissing);
    }
    if (value.length === 0 && nullForMissing) out.push(null);
    return;
  }
  if (isPlainObject(value)) collectValues(value[field], path, depth + 1, out, nullForMissing);
  else if (nullForMissing) out.push(null);
}

/** The value at a dotted path without array traversal, or undefined. */
export function getPath(doc: Document, path: string): unknown {
  let current: unknown = doc;
  for (const field of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Document)[field];
  }
  return current;
}

/** Sets a dotted path, creating embedded documents on the way (used to seed upserted documents). */
export function setPath(doc: Document, path: string, value: unknown): void {
  const fields = path.split('.');
  let current: Document = doc;
  for (const field of fields.slice(0, -1)) {
    const next: unknown = current[field];
    if (!isPlainObject(next)) current[field] = {};
    current = current[field] as Document;
  }
  current[fields[fields.length - 1] as string] = value;
}

/**
 * A deep copy of a stored document. Plain objects, arrays and dates are copied; BSON class
 * instances are immutable in practice and shared.
 */
export function cloneDocument<T>(value: T): T {
  if (Array.isArray(value)) return value.map(cloneDocument) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (isPlainObject(value)) {
    const copy: Document = {};
    for (const [key, field] of Object.entries(value)) copy[key] = cloneDocument(field);
    return copy as T;
  }
  return value;
}

/** The document with `_id` as its first field, as MongoDB stores and returns it. */
export function withIdFirst(doc: Document): Document {
  if (!('_id' in doc) || Object.keys(doc)[0] === '_id') return doc;
  const { _id: id, ...rest } = doc;
  return { _id: id, ...rest };
}
