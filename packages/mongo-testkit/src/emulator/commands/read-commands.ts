import type { Document } from 'bson';
import { compare } from 'mingo/util';
import { shapeResults } from '../query/mingo-bridge.js';
import { encodeKey, valuesAtPath, withIdFirst } from '../storage/bson-values.js';
import type { Collection } from '../storage/collection.js';
import type { QueryOutcome } from '../storage/query-execution.js';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';
import {
  arrayField,
  documentField,
  numberField,
  targetCollection,
  type CommandHandler,
} from './command-context.js';
import { commandVariables } from './command-guards.js';
import { collectionOf } from './namespace-commands.js';

/** A find-shaped request's answer: the documents it returns and how they were found. */
export interface FindAnswer {
  results: Document[];
  outcome: QueryOutcome | undefined;
}

/** Runs a find-shaped request: the matches, sorted, paged and projected. */
export function answerFind(collection: Collection | undefined, body: Document): FindAnswer {
  if (collection === undefined) return { results: [], outcome: undefined };
  const sort = documentField(body, 'sort');
  const skip = numberField(body, 'skip') ?? 0;
  const limit = Math.abs(numberField(body, 'limit') ?? 0);
  const filter = documentField(body, 'filter') ?? {};
  const outcome = collection.query(filter, { sort, skip, limit, variables: commandVariables(body) });
  const results = shapeResults(outcome.docs, {
    query: filter,
    sort: outcome.sorted ? undefined : sort,
    skip,
    limit,
    projection: documentField(body, 'projection'),
  }).map(withIdFirst);
  return { results, outcome };
}

const find: CommandHandler = (context) => {
  const name = targetCollection(context, 'find');
  const limit = numberField(context.body, 'limit') ?? 0;
  const { results } = answerFind(collectionOf(context, 'find'), context.body);
  const batchSize = numberField(context.body, 'batchSize');
  return {
    cursor: context.cursors.firstBatch(`${context.database}.${name}`, results, {
      batchSize,
      single: context.body['singleBatch'] === true || limit < 0,
    }),
    ok: 1,
  };
};

const getMore: CommandHandler = (context) => {
  const id = Number(context.body['getMore']);
  const name = context.body['collection'];
  if (typeof name !== 'string')
    throw new MongoCommandError(ErrorCode.TypeMismatch, 'getMore: collection must be a string');
  return {
    cursor: context.cursors.nextBatch(
      id,
      `${context.database}.${name}`,
      numberField(context.body, 'batchSize'),
    ),
    ok: 1,
  };
};

const killCursors: CommandHandler = (context) => {
  const ids = arrayField(context.body, 'cursors').map(Number);
  const { killed, notFound } = context.cursors.kill(ids);
  return { cursorsKilled: killed, cursorsNotFound: notFound, cursorsAlive: [], cursorsUnknown: [], ok: 1 };
};

/**
 * `count` answers from the document count when there is no filter (MongoDB's fast count), from
 * the index keys when the filter is exactly an index's bounds (COUNT_SCAN), else by reading the
 * matches, never copying them.
 */
const count: CommandHandler = (context) => {
  const collection = collectionOf(context, 'count');
  const query = documentField(context.body, 'query') ?? {};
  if (collection === undefined) return { n: 0, ok: 1 };
  const skip = numberField(context.body, 'skip') ?? 0;
  const limit = Math.abs(numberField(context.body, 'limit') ?? 0);
  const total = collection.countMatches(query, { limit: limit > 0 ? skip + limit : 0 }).count;
  const afterSkip = Math.max(0, total - skip);
  return { n: limit > 0 ? Math.min(limit, afterSkip) : afterSkip, ok: 1 };
};

/** Distinct values at a path; arrays contribute their elements, missing fields nothing. */
const distinct: CommandHandler = (context) => {
  const collection = collectionOf(context, 'distinct');
  const key = context.body['key'];
  if (typeof key !== 'string')
    throw new MongoCommandError(ErrorCode.TypeMismatch, "distinct: 'key' must be a string");
  const seen = new Map<string, unknown>();
  const path = key.split('.');
  for (const doc of collection?.find(documentField(context.body, 'query') ?? {}) ?? []) {
    for (const value of valuesAtPath(doc, path, 'skip')) {
      if (!Array.isArray(value)) seen.set(encodeKey(value), value);
    }
  }
  return { values: [...seen.values()].sort(compare), ok: 1 };
};

export const readCommands: Record<string, CommandHandler> = { find, getMore, killCursors, count, distinct };
