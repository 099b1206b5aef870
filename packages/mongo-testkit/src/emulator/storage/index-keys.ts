import type { Document } from 'bson';
import { encodeKey, isPlainObject, valuesAtPath } from './bson-values.js';

/** One key a document occupies in an index: the values of the indexed fields, in order. */
export class KeyTuple {
  private cachedEncoding: string | undefined;

  constructor(readonly values: unknown[]) {}

  /** Equal for tuples MongoDB considers equal (unique constraints); computed when first asked. */
  get encoded(): string {
    this.cachedEncoding ??= this.values.map(encodeKey).join('|');
    return this.cachedEncoding;
  }
}

/** Marks a path that crosses or ends at an array. */
const ARRAY = Symbol('array');

/**
 * The keys a document occupies in an index, the way a multikey index stores them: one per
 * combination of the array elements found at the indexed paths (the array itself is not a key; an
 * empty array or a missing field counts as null). Duplicate combinations are stored once.
 */
export function keyTuples(doc: Document, paths: readonly (readonly string[])[]): KeyTuple[] {
  // The common case, and the cheap one: no array on any path, so exactly one key.
  const values: unknown[] = [];
  for (const path of paths) {
    const value = scalarAt(doc, path);
    if (value === ARRAY) return multikeyTuples(doc, paths);
    values.push(value);
  }
  return [new KeyTuple(values)];
}

/** The value at a path (null when missing), or ARRAY when the path meets an array. */
function scalarAt(doc: Document, path: readonly string[]): unknown {
  let current: unknown = doc;
  for (const field of path) {
    if (Array.isArray(current)) return ARRAY;
    if (!isPlainObject(current)) return null;
    current = current[field];
  }
  if (Array.isArray(current)) return ARRAY;
  return current === undefined ? null : current;
}

function multikeyTuples(doc: Document, paths: readonly (readonly string[])[]): KeyTuple[] {
  let tuples: unknown[][] = [[]];
  for (const path of paths) {
    const values = valuesAtPath(doc, path).filter((value) => !Array.isArray(value));
    const options = values.length === 0 ? [null] : values;
    tuples = tuples.flatMap((tuple) => options.map((value) => [...tuple, value]));
  }
  const distinct = new Map<string, KeyTuple>();
  for (const values of tuples) {
    const tuple = new KeyTuple(values);
    distinct.set(tuple.encoded, tuple);
  }
  return [...distinct.values()];
}

/**
 * Whether a path crosses or ends at an array in this document. An index over such a path is
 * multikey: its keys hold elements, not the field's value, so it can neither intersect two range
 * bounds on the field nor give the field's sort order.
 */
export function pathHasArray(value: unknown, path: readonly string[], depth = 0): boolean {
  if (Array.isArray(value)) return true;
  if (depth === path.length || !isPlainObject(value)) return false;
  return pathHasArray(value[path[depth] as string], path, depth + 1);
}
