import type { Document } from 'bson';
import { runPipeline } from '../query/mingo-bridge.js';
import { cloneDocument, isPlainObject, withIdFirst } from '../storage/bson-values.js';
import type { QueryOptions } from '../storage/query-planner.js';
import { ErrorCode, MongoCommandError, notSupported } from '../mongo-error.js';
import { commandVariables } from './command-guards.js';
import { arrayField, documentField, type CommandContext, type CommandHandler } from './command-context.js';

const UNSUPPORTED_STAGES = new Set(['$out', '$merge', '$changeStream', '$search', '$geoNear']);

function stageName(stage: unknown): string {
  const name = isPlainObject(stage) ? Object.keys(stage)[0] : undefined;
  if (name === undefined)
    throw new MongoCommandError(ErrorCode.TypeMismatch, 'Each element of the pipeline must be an object');
  if (UNSUPPORTED_STAGES.has(name)) {
    throw notSupported(`the ${name} stage`);
  }
  return name;
}

/**
 * `$count` is rewritten as a `$group`, because MongoDB returns no document at all when nothing is
 * counted while mingo returns `{ n: 0 }`.
 */
function rewriteStage(stage: Document): Document[] {
  const field: unknown = stage['$count'];
  if (typeof field !== 'string') return [stage];
  return [{ $group: { _id: null, [field]: { $sum: 1 } } }, { $project: { _id: 0 } }];
}

/**
 * The pipeline's input: a leading `$match` is answered by the collection (so it can use an index);
 * when `$sort` and `$limit` follow it, they are handed over too, so an index walk in sort order
 * can stop early (the stages still run on the result). The documents are copied, since some
 * stages build their output from their input in place.
 */
function pipelineInput(
  context: CommandContext,
  target: unknown,
  pipeline: Document[],
): { docs: Document[]; rest: Document[] } {
  if (typeof target !== 'string') return { docs: [], rest: pipeline };
  const collection = context.storage.collection(context.database, target);
  const [first, ...rest] = pipeline;
  const leadingMatch = first !== undefined && isPlainObject(first['$match']) ? first['$match'] : undefined;
  if (leadingMatch === undefined)
    return { docs: (collection?.documents() ?? []).map(cloneDocument), rest: pipeline };
  const docs =
    collection?.find(leadingMatch, { ...sortAndLimit(rest), variables: commandVariables(context.body) }) ??
    [];
  return { docs: docs.map(cloneDocument), rest };
}

/** The `$sort` and `$limit` right after the leading `$match`, if the pipeline has both. */
function sortAndLimit(stages: Document[]): QueryOptions {
  const [sortStage, limitStage] = stages;
  const sort: unknown = sortStage?.['$sort'];
  const limit: unknown = limitStage?.['$limit'];
  if (!isPlainObject(sort) || typeof limit !== 'number' || limit <= 0) return {};
  return { sort, limit };
}

const aggregate: CommandHandler = (context) => {
  const target: unknown = context.body['aggregate'];
  const pipeline = arrayField(context.body, 'pipeline').map((stage) => {
    stageName(stage);
    return stage as Document;
  });
  if (context.body['explain'] === true) return { explainVersion: '1', stages: pipeline, ok: 1 };
  const { docs, rest } = pipelineInput(context, target, pipeline);
  const variables = commandVariables(context.body);
  const results = runPipeline(docs, rest.flatMap(rewriteStage), {
    ...(variables === undefined ? {} : { variables }),
    collectionResolver: (name) =>
      (context.storage.collection(context.database, name)?.documents() ?? []).map(cloneDocument),
  }).map((doc) => (isPlainObject(doc) ? withIdFirst(doc) : doc));
  const ns = `${context.database}.${typeof target === 'string' ? target : '$cmd.aggregate'}`;
  const cursorOptions = documentField(context.body, 'cursor');
  return {
    cursor: context.cursors.firstBatch(ns, results, {
      batchSize: cursorOptions?.['batchSize'] as number | undefined,
    }),
    ok: 1,
  };
};

export const aggregateCommands: Record<string, CommandHandler> = { aggregate };
