import type { Document } from 'bson';
import { isEqual } from 'mingo/util';
import { isPlainObject } from '../storage/bson-values.js';

/** One path an operator update writes (see `writtenPaths`). */
export interface WrittenPath {
  operator: string;
  path: string;
  value: unknown;
}

/** `$push` arguments that make it more than an append; mingo reads them off a document value. */
const PUSH_MODIFIERS = ['$each', '$slice', '$sort', '$position'];
/** Field names mingo refuses (it guards against prototype pollution); left to it for its error. */
const GUARDED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Whether a written path is one of the simple cases `applyTopLevel` handles, whatever the
 * document: `$set` of a scalar, `$unset`, `$inc` and a plain `$push`, each of one top-level field.
 * These are nearly all the writes the services send (leases, outcomes, counters, log entries), and
 * going through mingo's general operators, with their path walk and parameter set-up, made up most
 * of an update's cost.
 */
export function isTopLevelWrite({ operator, path, value }: WrittenPath): boolean {
  if (path.includes('.') || path.startsWith('$') || GUARDED_NAMES.has(path)) return false;
  switch (operator) {
    case '$set':
      return isSetScalar(value);
    case '$unset':
      return true;
    case '$inc':
      return typeof value === 'number';
    case '$push':
      return !(isPlainObject(value) && PUSH_MODIFIERS.some((modifier) => modifier in value));
    default:
      return false;
  }
}

/** Values `$set` stores as they are (a date as a copy): no document or array to copy. */
function isSetScalar(value: unknown): boolean {
  if (value === null || value instanceof Date) return true;
  if (value === undefined || Array.isArray(value) || value instanceof RegExp) return false;
  return typeof value !== 'object' || !isPlainObject(value);
}

/**
 * Applies one write accepted by `isTopLevelWrite` to `doc` exactly as mingo's operator does,
 * replacing the field's value rather than changing it in place (an array is copied before a push),
 * so `doc` may be a shallow copy of a stored document. Returns false, leaving `doc` untouched, for
 * an `$inc` of a value mingo handles its own way (a Long, a Decimal128, NaN): the caller then
 * applies the update through mingo.
 */
export function applyTopLevel(doc: Document, { operator, path, value }: WrittenPath): boolean {
  const current: unknown = doc[path];
  switch (operator) {
    case '$set':
      // mingo leaves an equal value in place (0 over -0, the same instant in another Date).
      if (!isEqual(current, value)) doc[path] = value instanceof Date ? new Date(value) : value;
      return true;
    case '$unset':
      if (Object.prototype.hasOwnProperty.call(doc, path)) Reflect.deleteProperty(doc, path);
      return true;
    case '$inc':
      if (current !== undefined && (typeof current !== 'number' || Number.isNaN(current))) return false;
      doc[path] = ((current as number | undefined) || 0) + (value as number);
      return true;
    case '$push':
      // A non-array target was refused before (`assertOperatorApplies`); a missing one is created.
      doc[path] = Array.isArray(current) ? [...(current as unknown[]), value] : [value];
      return true;
    default:
      return false;
  }
}
