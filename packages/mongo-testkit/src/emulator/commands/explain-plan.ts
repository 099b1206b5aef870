import { ObjectId, type Document } from 'bson';
import { TypeRank } from '../storage/bson-order.js';
import type { BoundPart, KeyInterval } from '../storage/index-bounds.js';
import type { IndexScanPlan, QueryPlan } from '../storage/query-planner.js';

/** How the explained command shapes its result, for the stages above the scan. */
export interface PlanShape {
  filter: Document;
  sort?: Document | undefined;
  skip?: number;
  limit?: number;
  topStage?: string;
  /** The count was answered from the index keys alone: COUNT_SCAN, no FETCH. */
  countScan?: boolean;
}

/**
 * The winning plan as MongoDB's classic engine reports it: IXSCAN under FETCH (with the filter
 * the fetched documents are checked against), COLLSCAN, or IDHACK; then SORT when the index did
 * not give the order, SKIP, LIMIT, and the command's own stage (UPDATE, DELETE, COUNT) on top.
 */
export function describePlan(plan: QueryPlan, shape: PlanShape): Document {
  let stage: Document;
  if (plan.stage === 'COLLSCAN') stage = { stage: 'COLLSCAN', filter: shape.filter, direction: 'forward' };
  else if (plan.stage === 'IDHACK') stage = { stage: 'IDHACK' };
  else if (shape.countScan === true) stage = { ...describeIndexScan(plan), stage: 'COUNT_SCAN' };
  else stage = { stage: 'FETCH', filter: shape.filter, inputStage: describeIndexScan(plan) };
  const sortedByIndex = plan.stage === 'IXSCAN' && plan.sortedByIndex;
  const hasSort = shape.sort !== undefined && Object.keys(shape.sort).length > 0;
  const limit = shape.limit ?? 0;
  if (hasSort && !sortedByIndex) {
    stage = {
      stage: 'SORT',
      sortPattern: shape.sort,
      ...(limit > 0 ? { limitAmount: limit + (shape.skip ?? 0) } : {}),
      type: 'simple',
      inputStage: stage,
    };
  }
  if ((shape.skip ?? 0) > 0) stage = { stage: 'SKIP', skipAmount: shape.skip, inputStage: stage };
  if (limit > 0 && (sortedByIndex || !hasSort))
    stage = { stage: 'LIMIT', limitAmount: limit, inputStage: stage };
  if (shape.topStage !== undefined) stage = { stage: shape.topStage, inputStage: stage };
  return stage;
}

function describeIndexScan(plan: IndexScanPlan): Document {
  const { spec } = plan.index;
  return {
    stage: 'IXSCAN',
    keyPattern: spec.key,
    indexName: spec.name,
    isMultiKey: plan.index.isMultikey,
    isUnique: spec.unique === true,
    isSparse: spec.sparse === true,
    isPartial: spec.partialFilterExpression !== undefined,
    indexVersion: 2,
    direction: plan.backward ? 'backward' : 'forward',
    indexBounds: describeBounds(plan),
  };
}

/** Per field, the intervals walked in index order, written as MongoDB writes them. */
function describeBounds(plan: IndexScanPlan): Document {
  const bounds: Document = {};
  plan.index.fields.forEach((field, i) => {
    const intervals = plan.intervals.map((interval) => describeInterval(interval, i, field.direction));
    bounds[field.name] = [...new Set(intervals)];
  });
  return bounds;
}

/** One field's part of an interval: `["a", "a"]`, `(5, inf.0]`, `[MinKey, MaxKey]`. */
function describeInterval(interval: KeyInterval, i: number, direction: 1 | -1): string {
  const start = interval.low[i];
  const end = interval.high[i];
  if (!isBounded(start) || !isBounded(end)) return direction === 1 ? '[MinKey, MaxKey]' : '[MaxKey, MinKey]';
  const open = interval.low[i + 1] === 'high' ? '(' : '[';
  const close = interval.high[i + 1] === 'low' ? ')' : ']';
  return `${open}${renderPart(start)}, ${renderPart(end)}${close}`;
}

function isBounded(part: BoundPart | undefined): part is Exclude<BoundPart, 'low' | 'high'> {
  return typeof part === 'object';
}

/** How MongoDB prints the first and last values of the types ranges are bracketed to. */
const TYPE_EDGES: Readonly<Record<number, readonly [string, string]>> = {
  [TypeRank.Number]: ['-inf.0', 'inf.0'],
  [TypeRank.String]: ['""', '{}'],
  [TypeRank.Date]: ['new Date(-9223372036854775808)', 'new Date(9223372036854775807)'],
  [TypeRank.ObjectId]: ["ObjectId('000000000000000000000000')", "ObjectId('ffffffffffffffffffffffff')"],
  [TypeRank.Boolean]: ['false', 'true'],
};

function renderPart(part: Exclude<BoundPart, 'low' | 'high'>): string {
  if ('value' in part) return renderValue(part.value);
  const edges = TYPE_EDGES[part.edge] ?? ['MinKey', 'MaxKey'];
  return part.side === 'start' ? edges[0] : edges[1];
}

function renderValue(value: unknown): string {
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  if (value instanceof ObjectId) return `ObjectId('${value.toHexString()}')`;
  return JSON.stringify(value) ?? String(value);
}
