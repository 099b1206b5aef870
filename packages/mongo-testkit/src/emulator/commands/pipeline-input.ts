import type { Document } from 'bson';
import { cloneDocument, isPlainObject } from '../storage/bson-values.js';
import type { Collection } from '../storage/collection.js';
import type { QueryOptions, QueryPlan } from '../storage/query-planner.js';

/** How the collection answered the pipeline's leading stages, for `explain`. */
export interface PipelineRead {
  filter: Document;
  options: QueryOptions;
  plan: QueryPlan;
  countedByIndex: boolean;
  docsExamined: number;
  keysExamined: number;
  nReturned: number;
}

/** The documents the rest of the pipeline runs on, and the stages left to run. */
export interface PipelineInput {
  docs: Document[];
  rest: Document[];
  read: PipelineRead | undefined;
}

/**
 * The pipeline's input, answered by the collection as MongoDB's planner would:
 * - leading `$match` stages are merged into one filter (MongoDB coalesces them) before an index
 *   is chosen, so `[{ $match: { workspaceId } }, { $match: { campaignId } }]` uses a compound index;
 * - a `$sort` with a `$limit` (and `$skip`) right after is handed over, so an index walk in sort
 *   order stops early; a `$limit` alone stops a walk too (the stages still run on the result);
 * - a count (`$group` on a constant with one `{ $sum: 1 }`, as `countDocuments` and `$count` send
 *   it) is answered without reading documents when an index's bounds are the whole filter, and
 *   otherwise without copying them.
 * Documents handed on are copied, since some stages build their output from their input in place.
 */
export function pipelineInput(
  collection: Collection | undefined,
  pipeline: Document[],
  variables: Document | undefined,
): PipelineInput {
  const matches: Document[] = [];
  let next = 0;
  for (; next < pipeline.length; next++) {
    const match: unknown = pipeline[next]?.['$match'];
    if (!isPlainObject(match)) break;
    matches.push(match);
  }
  if (matches.length === 0)
    return { docs: (collection?.documents() ?? []).map(cloneDocument), rest: pipeline, read: undefined };
  const filter = matches.length === 1 ? (matches[0] as Document) : { $and: matches };
  const rest = pipeline.slice(next);
  const { options, length } = pageStages(rest);
  const group = countGroup(rest[length]);
  if (collection === undefined) return { docs: [], rest: group === undefined ? rest : [], read: undefined };
  if (group !== undefined && options.sort === undefined) {
    const skip = options.skip ?? 0;
    const limit = options.limit ?? 0;
    const counted = collection.countMatches(filter, { limit: limit > 0 ? skip + limit : 0, variables });
    const afterSkip = Math.max(0, counted.count - skip);
    const n = limit > 0 ? Math.min(limit, afterSkip) : afterSkip;
    const docs = n > 0 ? [{ _id: group.id, [group.field]: n }] : [];
    const read = { filter, options, ...counted, nReturned: docs.length };
    return { docs, rest: rest.slice(length + 1), read };
  }
  const outcome = collection.query(filter, { ...options, variables });
  const read = { filter, options, ...outcome, countedByIndex: false, nReturned: outcome.docs.length };
  return { docs: outcome.docs.map(cloneDocument), rest, read };
}

/**
 * The `$sort`, `$skip` and `$limit` right after the filter, as query options, and how many
 * stages they span. A sort is handed over only with a limit: without one, every match is read
 * and sorted anyway.
 */
function pageStages(stages: Document[]): { options: QueryOptions; length: number } {
  let i = 0;
  const sort: unknown = stages[i]?.['$sort'];
  if (isPlainObject(sort)) i++;
  const skip: unknown = stages[i]?.['$skip'];
  if (typeof skip === 'number' && skip >= 0) i++;
  const limit: unknown = stages[i]?.['$limit'];
  if (typeof limit !== 'number' || limit <= 0) return { options: {}, length: 0 };
  const options: QueryOptions = { limit };
  if (isPlainObject(sort)) options.sort = sort;
  if (typeof skip === 'number' && skip > 0) options.skip = skip;
  return { options, length: i + 1 };
}

/** A `$group` that only counts: `{ _id: <constant>, <field>: { $sum: 1 } }`. */
function countGroup(stage: Document | undefined): { id: unknown; field: string } | undefined {
  const group: unknown = stage?.['$group'];
  if (!isPlainObject(group) || Object.keys(stage ?? {}).length !== 1) return undefined;
  const entries = Object.entries(group);
  if (entries.length !== 2) return undefined;
  const id: unknown = group['_id'];
  const constant =
    id === null ||
    typeof id === 'number' ||
    typeof id === 'boolean' ||
    (typeof id === 'string' && !id.startsWith('$'));
  const counter = entries.find(([name]) => name !== '_id');
  if (!constant || counter === undefined) return undefined;
  const [field, accumulator] = counter;
  if (!isPlainObject(accumulator) || Object.keys(accumulator).length !== 1 || accumulator['$sum'] !== 1)
    return undefined;
  return { id, field };
}
