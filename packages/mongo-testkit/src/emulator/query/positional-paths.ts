import type { Document } from 'bson';
import { getPath, isPlainObject, setPath } from '../storage/bson-values.js';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';
import { compileQuery, testQuery } from './mingo-bridge.js';

/**
 * Replaces the positional `$` of an update path with the index of the array element the query
 * matched (`steps.$.done` with `{ 'steps.name': 'b' }` becomes `steps.1.done`). It is resolved
 * against the document before the update, once, so several `$` paths of one update all address
 * the same element, as on MongoDB.
 */
export function resolvePositional(path: string, query: Document, doc: Document): string {
  const segments = path.split('.');
  const position = segments.indexOf('$');
  if (position === -1) return path;
  const field = segments.slice(0, position).join('.');
  const index = matchedIndex(field, query, doc);
  if (index === undefined) {
    throw new MongoCommandError(
      ErrorCode.BadValue,
      'The positional operator did not find the match needed from the query.',
    );
  }
  return [...segments.slice(0, position), String(index), ...segments.slice(position + 1)].join('.');
}

/** The index of the first element of the array at `field` that the query's conditions on it match. */
export function matchedIndex(field: string, query: Document, doc: Document): number | undefined {
  const array = getPath(doc, field);
  const conditions = conditionsOn(field, query);
  if (!Array.isArray(array) || conditions.length === 0) return undefined;
  const allTogether = compileQuery({ $and: conditions });
  const index = array.findIndex((element) => testQuery(allTogether, holding(field, element)));
  if (index !== -1) return index;
  const first = compileQuery(conditions[0] as Document);
  const fallback = array.findIndex((element) => testQuery(first, holding(field, element)));
  return fallback === -1 ? undefined : fallback;
}

/** The query's conditions on the array field or inside it, including those in a top-level `$and`. */
function conditionsOn(field: string, query: Document): Document[] {
  const found: Document[] = [];
  for (const [key, condition] of Object.entries(query)) {
    if (key === '$and' && Array.isArray(condition)) {
      for (const clause of condition) if (isPlainObject(clause)) found.push(...conditionsOn(field, clause));
    } else if (key === field || key.startsWith(`${field}.`)) {
      found.push({ [key]: condition });
    }
  }
  return found;
}

/** A document holding just one element at the array's path, to test conditions element by element. */
function holding(field: string, element: unknown): Document {
  const doc: Document = {};
  setPath(doc, field, [element]);
  return doc;
}
