import type { Document } from 'bson';
import { badValue, ErrorCode, MongoCommandError } from '../mongo-error.js';
import { encodeKey, isPlainObject } from './bson-values.js';
import type { IndexSpec } from './collection-index.js';

export const ID_INDEX: IndexSpec = { v: 2, key: { _id: 1 }, name: '_id_' };

/** Options that make two indexes on the same key different indexes (MongoDB compares these). */
const SIGNIFICANT_OPTIONS = ['unique', 'sparse', 'partialFilterExpression', 'expireAfterSeconds'] as const;

/** The name MongoDB gives an index when the caller does not: `a_1_b_-1`. */
export function defaultIndexName(key: Document): string {
  return Object.entries(key)
    .map(([field, direction]) => `${field}_${String(direction)}`)
    .join('_');
}

/** Validates one entry of `createIndexes.indexes` and returns it as it will be listed. */
export function normaliseIndexSpec(raw: unknown): IndexSpec {
  if (!isPlainObject(raw) || !isPlainObject(raw['key']) || Object.keys(raw['key']).length === 0) {
    throw badValue('Index spec must contain a non-empty key document');
  }
  const key = raw['key'];
  for (const [field, direction] of Object.entries(key)) {
    const valid = direction === 1 || direction === -1 || typeof direction === 'string';
    if (!valid || field === '')
      throw new MongoCommandError(
        ErrorCode.BadValue,
        `Values in the index key pattern must be 1, -1 or a string, got ${String(direction)} for ${field}`,
      );
  }
  const name = typeof raw['name'] === 'string' ? raw['name'] : defaultIndexName(key);
  const spec: IndexSpec = { v: 2, key, name };
  for (const [option, value] of Object.entries(raw)) {
    if (option === 'key' || option === 'name' || option === 'v' || option === 'background') continue;
    if (option === 'unique' || option === 'sparse') {
      if (value === true) spec[option] = true;
      continue;
    }
    spec[option] = value;
  }
  if (spec.expireAfterSeconds !== undefined && typeof spec.expireAfterSeconds !== 'number') {
    throw badValue('TTL index expireAfterSeconds must be a number');
  }
  return spec;
}

/** True when two specs describe the same index (same key and the same significant options). */
export function sameIndex(a: IndexSpec, b: IndexSpec): boolean {
  if (encodeKey(a.key) !== encodeKey(b.key)) return false;
  return SIGNIFICANT_OPTIONS.every((option) => encodeKey(a[option]) === encodeKey(b[option]));
}

/**
 * Checks a new index against an existing one: the same name with another key or options, or the
 * same key and options under another name, is an error, as on MongoDB.
 */
export function assertCompatible(existing: IndexSpec, requested: IndexSpec): 'same' | 'unrelated' {
  const sameKey = encodeKey(existing.key) === encodeKey(requested.key);
  if (existing.name === requested.name) {
    if (sameIndex(existing, requested)) return 'same';
    const code = sameKey ? ErrorCode.IndexOptionsConflict : ErrorCode.IndexKeySpecsConflict;
    throw new MongoCommandError(
      code,
      `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${describe(requested)}, existing index: ${describe(existing)}`,
    );
  }
  if (sameIndex(existing, requested)) {
    throw new MongoCommandError(
      ErrorCode.IndexOptionsConflict,
      `Index already exists with a different name: ${existing.name}`,
    );
  }
  return 'unrelated';
}

function describe(spec: IndexSpec): string {
  return JSON.stringify(spec);
}
