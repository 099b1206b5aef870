import type { Document } from 'bson';
import { isIndexableScalar, isPlainObject } from '../storage/bson-values.js';

/**
 * The fields a filter pins to one or a few scalar values (`{ f: v }`, `{ f: { $eq: v } }`,
 * `{ f: { $in: [...] } }`, also inside a top-level `$and`). Any document the filter matches has one
 * of those values at that field, so an index on the field yields a complete candidate set; the
 * full filter still runs on every candidate.
 */
export function equalityConditions(filter: Document): Map<string, unknown[]> {
  const found = new Map<string, unknown[]>();
  collect(filter, found);
  return found;
}

function collect(filter: Document, found: Map<string, unknown[]>): void {
  for (const [field, condition] of Object.entries(filter)) {
    if (field === '$and' && Array.isArray(condition)) {
      for (const clause of condition) if (isPlainObject(clause)) collect(clause, found);
      continue;
    }
    if (field.startsWith('$')) continue;
    const values = pinnedValues(condition);
    const known = found.get(field);
    if (values !== undefined && (known === undefined || values.length < known.length))
      found.set(field, values);
  }
}

function pinnedValues(condition: unknown): unknown[] | undefined {
  if (isIndexableScalar(condition)) return [condition];
  if (!isPlainObject(condition)) return undefined;
  const keys = Object.keys(condition);
  if (keys.length === 0 || !keys.every((key) => key.startsWith('$'))) return undefined;
  if ('$eq' in condition && isIndexableScalar(condition['$eq'])) return [condition['$eq']];
  const candidates: unknown = condition['$in'];
  if (Array.isArray(candidates) && candidates.every(isIndexableScalar)) return candidates;
  return undefined;
}
