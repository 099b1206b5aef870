import type { Document } from 'bson';
import { runPipeline } from '../query/mingo-bridge.js';
import { cloneDocument, isPlainObject, withIdFirst } from '../storage/bson-values.js';
import { ErrorCode, MongoCommandError, notSupported } from '../mongo-error.js';
import { commandVariables } from './command-guards.js';
import { explainPipeline } from './explain-pipeline.js';
import { pipelineInput } from './pipeline-input.js';
import { arrayField, documentField, type CommandHandler } from './command-context.js';

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

/** The command's stages, checked; `$count` is rewritten first, so it is answered like any count. */
export function pipelineStages(body: Document): Document[] {
  return arrayField(body, 'pipeline').flatMap((stage) => {
    stageName(stage);
    return rewriteStage(stage as Document);
  });
}

const aggregate: CommandHandler = (context) => {
  const target: unknown = context.body['aggregate'];
  const pipeline = pipelineStages(context.body);
  const variables = commandVariables(context.body);
  const collection =
    typeof target === 'string' ? context.storage.collection(context.database, target) : undefined;
  if (context.body['explain'] === true)
    return explainPipeline(context.database, context.body, pipeline, collection);
  const { docs, rest } =
    typeof target === 'string'
      ? pipelineInput(collection, pipeline, variables)
      : { docs: [], rest: pipeline };
  const results = runPipeline(docs, rest, {
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
