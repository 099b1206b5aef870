import type { Document } from 'bson';
import type { Collection } from '../storage/collection.js';
import { commandVariables } from './command-guards.js';
import { describePlan } from './explain-plan.js';
import { pipelineInput } from './pipeline-input.js';

/**
 * `explain` of an aggregation in the shape of MongoDB's classic engine: a `$cursor` stage holding
 * how the leading stages were answered (`queryPlanner`, `executionStats`), then the stages left
 * to run. The read is run (a count answered by COUNT_SCAN reads no document), nothing else.
 */
export function explainPipeline(
  database: string,
  command: Document,
  pipeline: Document[],
  collection: Collection | undefined,
): Document {
  const target: unknown = command['aggregate'];
  const { rest, read } =
    typeof target === 'string'
      ? pipelineInput(collection, pipeline, commandVariables(command))
      : { rest: pipeline, read: undefined };
  if (read === undefined) return { explainVersion: '1', stages: pipeline, ok: 1 };
  const winningPlan = describePlan(read.plan, {
    filter: read.filter,
    sort: read.options.sort,
    skip: read.options.skip ?? 0,
    limit: read.options.limit ?? 0,
    countScan: read.countedByIndex,
  });
  const cursor = {
    queryPlanner: {
      namespace: `${database}.${String(target)}`,
      parsedQuery: read.filter,
      winningPlan,
      rejectedPlans: [],
    },
    executionStats: {
      executionSuccess: true,
      nReturned: read.nReturned,
      executionTimeMillis: 0,
      totalKeysExamined: read.keysExamined,
      totalDocsExamined: read.docsExamined,
      executionStages: winningPlan,
    },
  };
  return { explainVersion: '1', stages: [{ $cursor: cursor }, ...rest], ok: 1 };
}
