import type { Document } from 'bson';
import { isPlainObject } from '../storage/bson-values.js';
import type { FindPlan } from '../storage/collection.js';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';
import type { CommandHandler } from './command-context.js';
import { findResults } from './read-commands.js';

function winningPlan(plan: FindPlan, filter: Document): Document {
  if (plan.stage === 'COLLSCAN') return { stage: 'COLLSCAN', filter };
  return {
    stage: 'FETCH',
    filter,
    inputStage: { stage: plan.stage === 'IDHACK' ? 'IDHACK' : 'IXSCAN', indexName: plan.indexName },
  };
}

/**
 * `explain` of `find` and `count`: which index answered the filter and how many documents were
 * read. The shape follows MongoDB's `queryPlanner` and `executionStats` sections, so the same
 * assertions (for example on `totalDocsExamined`) hold against a real server.
 */
const explain: CommandHandler = (context) => {
  const inner = context.body['explain'];
  if (!isPlainObject(inner))
    throw new MongoCommandError(ErrorCode.TypeMismatch, 'explain command requires a nested object');
  const command = Object.keys(inner)[0];
  if (command !== 'find' && command !== 'count') {
    throw new MongoCommandError(
      ErrorCode.IllegalOperation,
      `the emulator explains find and count, not ${String(command)}`,
    );
  }
  const name = String(inner[command]);
  const filterField = command === 'find' ? inner['filter'] : inner['query'];
  const filter = isPlainObject(filterField) ? filterField : {};
  const collection = context.storage.collection(context.database, name);
  const examinedBefore = collection?.docsExamined ?? 0;
  const plan = collection?.plannedFind(filter).plan ?? { stage: 'COLLSCAN' };
  const totalDocsExamined = (collection?.docsExamined ?? 0) - examinedBefore;
  const nReturned = command === 'find' ? findResults(context, { ...inner, find: name }).length : 0;
  return {
    explainVersion: '1',
    queryPlanner: {
      namespace: `${context.database}.${name}`,
      parsedQuery: filter,
      winningPlan: winningPlan(plan, filter),
      rejectedPlans: [],
    },
    executionStats: {
      executionSuccess: true,
      nReturned,
      executionTimeMillis: 0,
      totalKeysExamined: plan.stage === 'COLLSCAN' ? 0 : totalDocsExamined,
      totalDocsExamined,
    },
    command: inner,
    ok: 1,
  };
};

export const explainCommands: Record<string, CommandHandler> = { explain };
