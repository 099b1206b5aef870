import type { Document } from 'bson';
import { compare } from 'mingo/util';
import { shapeResults } from '../query/mingo-bridge.js';
import { encodeKey, valuesAtPath, withIdFirst } from '../storage/bson-values.js';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';
import {
  arrayField,
  documentField,
  numberField,
  targetCollection,
  type CommandContext,
  type CommandHandler,
} from './command-context.js';
import { collectionOf } from './namespace-commands.js';

/** The documents a find-shaped request selects, sorted, paged and projected. */
export function findResults(context: CommandContext, body: Document): Document[] {
  const collection = collectionOf({ ...context, body }, 'find');
  if (collection === undefined) return [];
  const limit = numberField(body, 'limit') ?? 0;
  const matches = collection.find(documentField(body, 'filter') ?? {});
  return shapeResults(matches, {
    sort: documentField(body, 'sort'),
    skip: numberField(body, 'skip') ?? 0,
    limit: Math.abs(limit),
    projection: documentField(body, 'projection'),
  }).map(withIdFirst);
}

const find: CommandHandler = (context) => {
  const name = targetCollection(context, 'find');
  const limit = numberField(context.body, 'limit') ?? 0;
  const results = findResults(context, context.body);
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

/** `count` answers from the document count when there is no filter, like MongoDB's fast count. */
const count: CommandHandler = (context) => {
  const collection = collectionOf(context, 'count');
  const query = documentField(context.body, 'query') ?? {};
  if (collection === undefined) return { n: 0, ok: 1 };
  const skip = numberField(context.body, 'skip') ?? 0;
  const limit = Math.abs(numberField(context.body, 'limit') ?? 0);
  const total = Object.keys(query).length === 0 ? collection.count : collection.find(query).length;
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
