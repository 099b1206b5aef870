import type { Document } from 'bson';
import { cloneDocument, getPath, isPlainObject, setPath } from '../storage/bson-values.js';
import { badValue } from '../mongo-error.js';
import { matchedIndex } from './positional-paths.js';

/**
 * The parts of a find projection the emulator applies itself, around mingo's plain inclusion and
 * exclusion: `$slice` (which on MongoDB keeps every other field unless the projection includes
 * some) and the positional `field.$` (the first array element the query matched).
 */
export interface ProjectionPlan {
  /** What mingo applies: inclusions and exclusions only; undefined keeps whole documents. */
  plain: Document | undefined;
  slices: [path: string, argument: unknown][];
  positional: string | undefined;
}

export function planProjection(projection: Document | undefined): ProjectionPlan {
  const plan: ProjectionPlan = { plain: undefined, slices: [], positional: undefined };
  if (projection === undefined) return plan;
  const plain: Document = {};
  for (const [path, value] of Object.entries(projection)) {
    if (isPlainObject(value) && '$slice' in value && Object.keys(value).length === 1) {
      plan.slices.push([path, value['$slice']]);
    } else if (path.endsWith('.$')) {
      plan.positional = path.slice(0, -2);
      plain[plan.positional] = 1;
    } else {
      plain[path] = value;
    }
  }
  const includes = Object.entries(plain).some(([path, value]) => path !== '_id' && isInclusion(value));
  // With inclusions, a sliced field is one of them; without, the projection excludes (or keeps all).
  if (includes) for (const [path] of plan.slices) plain[path] = 1;
  plan.plain = Object.keys(plain).length === 0 ? undefined : plain;
  return plan;
}

/** Applies the slices and the positional element to a document mingo already projected. */
export function finishProjection(
  projected: Document,
  original: Document,
  plan: ProjectionPlan,
  query: Document,
): Document {
  if (plan.slices.length === 0 && plan.positional === undefined) return projected;
  const doc = cloneDocument(projected);
  for (const [path, argument] of plan.slices) {
    const value = getPath(doc, path);
    if (Array.isArray(value)) setPath(doc, path, slice(value, argument));
  }
  if (plan.positional !== undefined) {
    const array = getPath(original, plan.positional);
    const index = matchedIndex(plan.positional, query, original);
    if (!Array.isArray(array) || index === undefined) {
      throw badValue(
        "Executor error during find command :: caused by :: positional operator '.$' couldn't find a matching element in the array",
      );
    }
    setPath(doc, plan.positional, [array[index]]);
  }
  return doc;
}

function isInclusion(value: unknown): boolean {
  return value === true || (typeof value === 'number' && value !== 0) || isPlainObject(value);
}

function slice(array: unknown[], argument: unknown): unknown[] {
  if (typeof argument === 'number') {
    return argument >= 0 ? array.slice(0, argument) : array.slice(Math.max(0, array.length + argument));
  }
  if (Array.isArray(argument) && typeof argument[0] === 'number' && typeof argument[1] === 'number') {
    const [skip, limit] = argument as [number, number];
    if (limit <= 0) throw badValue('$slice limit must be positive');
    const start = skip >= 0 ? skip : Math.max(0, array.length + skip);
    return array.slice(start, start + limit);
  }
  throw badValue('$slice only supports numbers and [skip, limit] arrays');
}
