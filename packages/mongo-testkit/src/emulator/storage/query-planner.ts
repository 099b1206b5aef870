import type { Document } from 'bson';
import { fieldConditions, type FieldConditions } from '../query/filter-conditions.js';
import type { CollectionIndex } from './collection-index.js';
import { indexBounds, type BoundField, type KeyInterval } from './index-bounds.js';

/** The parts of a read that shape how it is answered. A limit of 0 (or none) means no limit. */
export interface QueryOptions {
  sort?: Document | undefined;
  skip?: number | undefined;
  limit?: number | undefined;
  /** The command's `let` variables, for `$$name` in `$expr`. */
  variables?: Document | undefined;
}

export interface IndexScanPlan {
  stage: 'IXSCAN';
  index: CollectionIndex;
  intervals: KeyInterval[];
  /** How many leading fields are pinned by equality, and whether a range bounds the next one. */
  equalityFields: number;
  hasRange: boolean;
  /** Walk the index from its end (a descending sort over an ascending field, or the reverse). */
  backward: boolean;
  /** The walk yields documents in the requested sort order, so no sort stage is needed. */
  sortedByIndex: boolean;
}

/** How a filter is answered: by `_id`, by walking one secondary index, or by a collection scan. */
export type QueryPlan = { stage: 'IDHACK'; ids: unknown[] } | IndexScanPlan | { stage: 'COLLSCAN' };

/**
 * Picks how to answer a query, the way MongoDB's planner would for the shapes the project uses:
 * 1. equality on `_id` reads those documents directly;
 * 2. otherwise the usable index with the longest prefix of equality fields (`$in` included),
 *    counting a range on the next field as half a field, wins; on a tie, an index that yields the
 *    requested sort order, then the one with fewer entries within its bounds;
 * 3. with no bounds at all, an index that yields the sort order is still walked (a limit then
 *    stops the walk early);
 * 4. otherwise the collection is scanned.
 * Partial and sparse indexes are only used when they hold every document the query can match.
 */
export function planQuery(
  filter: Document,
  options: QueryOptions,
  indexes: Iterable<CollectionIndex>,
): QueryPlan {
  const query = fieldConditions(filter);
  const ids = query.get('_id')?.equals;
  if (ids !== undefined) return { stage: 'IDHACK', ids };
  const sort = sortKeys(options.sort);
  const candidates: IndexScanPlan[] = [];
  for (const index of indexes) {
    if (!index.ordered || !index.holdsAllMatches(query)) continue;
    const plan = indexPlan(index, query, sort);
    if (plan !== undefined) candidates.push(plan);
  }
  const bounded = candidates.filter((plan) => plan.equalityFields > 0 || plan.hasRange);
  const pool = bounded.length > 0 ? bounded : candidates.filter((plan) => plan.sortedByIndex);
  return best(pool, sort !== undefined) ?? { stage: 'COLLSCAN' };
}

type SortKey = readonly [field: string, direction: 1 | -1];

/** The sort as a list of keys; undefined for no sort; null for one no index can give ($meta). */
function sortKeys(sort: Document | undefined): SortKey[] | null | undefined {
  if (sort === undefined || Object.keys(sort).length === 0) return undefined;
  const keys: SortKey[] = [];
  for (const [field, direction] of Object.entries(sort)) {
    if (direction !== 1 && direction !== -1) return null;
    keys.push([field, direction]);
  }
  return keys;
}

function indexPlan(
  index: CollectionIndex,
  query: ReadonlyMap<string, FieldConditions>,
  sort: SortKey[] | null | undefined,
): IndexScanPlan | undefined {
  const fields = index.boundFields();
  const bounds = indexBounds(fields, query);
  const equalityFields = bounds?.equalityFields ?? 0;
  const walk = sort === undefined ? undefined : sortWalk(fields, equalityFields, query, sort);
  if (bounds === undefined && walk === undefined) return undefined;
  return {
    stage: 'IXSCAN',
    index,
    intervals: bounds?.intervals ?? [{ low: ['low'], high: ['high'] }],
    equalityFields,
    hasRange: bounds?.hasRange ?? false,
    backward: walk === -1,
    sortedByIndex: walk !== undefined,
  };
}

/**
 * Whether walking the index gives the sort order: forwards (1), backwards (-1), or not at all.
 * Sort keys on fields pinned to one value are no-ops and dropped; the remaining keys must be the
 * index's next fields, all in its direction or all against it, and hold no arrays (an array
 * sorts by its smallest or largest element, which an index walk does not reproduce).
 */
function sortWalk(
  fields: readonly BoundField[],
  equalityFields: number,
  query: ReadonlyMap<string, FieldConditions>,
  sort: SortKey[] | null,
): 1 | -1 | undefined {
  if (sort === null) return undefined;
  const prefix = fields.slice(0, equalityFields);
  const pinned = (name: string) =>
    prefix.some((field) => field.name === name && !field.multikey && query.get(name)?.equals?.length === 1);
  const remaining = sort.filter(([name]) => !pinned(name));
  if (remaining.length === 0) return 1;
  if (!prefix.every((field) => query.get(field.name)?.equals?.length === 1)) return undefined;
  let walk: 1 | -1 | undefined;
  for (const [i, [name, direction]] of remaining.entries()) {
    const field = fields[equalityFields + i];
    if (field === undefined || field.name !== name || field.hashed || field.multikey) return undefined;
    const relation = direction === field.direction ? 1 : -1;
    if (walk !== undefined && walk !== relation) return undefined;
    walk = relation;
  }
  return walk;
}

function best(pool: IndexScanPlan[], sortRequested: boolean): IndexScanPlan | undefined {
  const score = (plan: IndexScanPlan) => plan.equalityFields * 2 + (plan.hasRange ? 1 : 0);
  const top = Math.max(...pool.map(score));
  const leaders = pool.filter((plan) => score(plan) === top);
  if (leaders.length <= 1) return leaders[0];
  const sizes = new Map(leaders.map((plan) => [plan, plan.index.countWithin(plan.intervals)]));
  return leaders.sort(
    (a, b) =>
      (sortRequested ? Number(b.sortedByIndex) - Number(a.sortedByIndex) : 0) ||
      (sizes.get(a) ?? 0) - (sizes.get(b) ?? 0) ||
      a.index.fields.length - b.index.fields.length ||
      (a.index.name < b.index.name ? -1 : 1),
  )[0];
}
