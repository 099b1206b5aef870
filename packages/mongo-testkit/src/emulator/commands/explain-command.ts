import type { Document } from 'bson';
import { isPlainObject } from '../storage/bson-values.js';
import type { Collection } from '../storage/collection.js';
import type { QueryOutcome } from '../storage/query-execution.js';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';
import type { CommandHandler } from './command-context.js';
import { pipelineStages } from './aggregate-command.js';
import { describePlan } from './explain-plan.js';
import { explainPipeline } from './explain-pipeline.js';
import { firstMatch } from './find-and-modify-command.js';
import { answerFind } from './read-commands.js';

/** What an explained command reads: its filter and how its result is shaped. */
interface ExplainedRead {
  filter: Document;
  sort?: Document | undefined;
  skip?: number;
  limit?: number;
  /** The write stage MongoDB puts on top of the read (UPDATE, DELETE) or COUNT. */
  topStage?: string;
  countScan?: boolean;
  outcome: QueryOutcome | undefined;
  nReturned: number;
}

const asDocument = (value: unknown): Document | undefined => (isPlainObject(value) ? value : undefined);
const asNumber = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** Runs the read part of the explained command (never its write) and records how it went. */
function explainedRead(command: string, inner: Document, collection: Collection | undefined): ExplainedRead {
  switch (command) {
    case 'find': {
      const { results, outcome } = answerFind(collection, inner);
      const shape = { sort: asDocument(inner['sort']), skip: asNumber(inner['skip']) ?? 0 };
      const limit = Math.abs(asNumber(inner['limit']) ?? 0);
      return {
        filter: asDocument(inner['filter']) ?? {},
        ...shape,
        limit,
        outcome,
        nReturned: results.length,
      };
    }
    case 'findAndModify':
    case 'findandmodify': {
      const filter = asDocument(inner['query']) ?? {};
      const sort = asDocument(inner['sort']);
      const { target, outcome } = firstMatch(collection, filter, sort);
      const topStage = inner['remove'] === true ? 'DELETE' : 'UPDATE';
      return { filter, sort, limit: 1, topStage, outcome, nReturned: target === null ? 0 : 1 };
    }
    case 'update':
    case 'delete':
      return explainedWrite(command, inner, collection);
    case 'count':
      return explainedCount(inner, collection);
    case 'distinct': {
      const filter = asDocument(inner['query']) ?? {};
      const outcome = collection?.query(filter);
      return { filter, topStage: 'PROJECTION_DEFAULT', outcome, nReturned: outcome?.docs.length ?? 0 };
    }
    default:
      throw new MongoCommandError(
        ErrorCode.IllegalOperation,
        `the emulator explains find, findAndModify, update, delete, count, distinct and aggregate, not ${command}`,
      );
  }
}

/** A count reads from the index alone (COUNT_SCAN) when its filter is exactly an index's bounds. */
function explainedCount(inner: Document, collection: Collection | undefined): ExplainedRead {
  const filter = asDocument(inner['query']) ?? {};
  const counted = collection?.countMatches(filter);
  const outcome = counted === undefined ? undefined : { ...counted, docs: [], sorted: true };
  return { filter, topStage: 'COUNT', countScan: counted?.countedByIndex ?? false, outcome, nReturned: 0 };
}

/** `update` and `delete` are explained by their first statement, as MongoDB requires one. */
function explainedWrite(command: string, inner: Document, collection: Collection | undefined): ExplainedRead {
  const statements: unknown = inner[command === 'update' ? 'updates' : 'deletes'];
  const statement = Array.isArray(statements) ? asDocument(statements[0]) : undefined;
  if (statement === undefined) {
    throw new MongoCommandError(ErrorCode.InvalidOptions, `explain of ${command} needs one statement`);
  }
  const filter = asDocument(statement['q']) ?? {};
  const single = command === 'update' ? statement['multi'] !== true : statement['limit'] === 1;
  const limit = single ? 1 : 0;
  const outcome = collection?.query(filter, { limit });
  const topStage = command === 'update' ? 'UPDATE' : 'DELETE';
  return { filter, limit, topStage, outcome, nReturned: 0 };
}

/**
 * `explain` of reads and of the read half of writes: which index answered the filter, and how
 * many index keys and documents were read. The shape follows MongoDB's `queryPlanner` and
 * `executionStats` sections, so the same assertions (the index name in the winning plan,
 * `totalDocsExamined`) hold against a real server. Writes are planned and counted, not applied.
 */
const explain: CommandHandler = (context) => {
  const inner = context.body['explain'];
  if (!isPlainObject(inner))
    throw new MongoCommandError(ErrorCode.TypeMismatch, 'explain command requires a nested object');
  const command = Object.keys(inner)[0] ?? '';
  const name = String(inner[command]);
  const collection = context.storage.collection(context.database, name);
  if (command === 'aggregate')
    return explainPipeline(context.database, inner, pipelineStages(inner), collection);
  const read = explainedRead(command, inner, collection);
  const winningPlan = describePlan(read.outcome?.plan ?? { stage: 'COLLSCAN' }, read);
  return {
    explainVersion: '1',
    queryPlanner: {
      namespace: `${context.database}.${name}`,
      parsedQuery: read.filter,
      winningPlan,
      rejectedPlans: [],
    },
    executionStats: {
      executionSuccess: true,
      nReturned: read.nReturned,
      executionTimeMillis: 0,
      totalKeysExamined: read.outcome?.keysExamined ?? 0,
      totalDocsExamined: read.outcome?.docsExamined ?? 0,
      executionStages: winningPlan,
    },
    command: inner,
    ok: 1,
  };
};

export const explainCommands: Record<string, CommandHandler> = { explain };
