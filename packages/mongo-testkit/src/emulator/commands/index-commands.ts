import type { Document } from 'bson';
import { isPlainObject } from '../storage/bson-values.js';
import { normaliseIndexSpec } from '../storage/index-specs.js';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';
import { arrayField, targetCollection, type CommandHandler } from './command-context.js';

const createIndexes: CommandHandler = (context) => {
  const name = targetCollection(context, 'createIndexes');
  const specs = arrayField(context.body, 'indexes').map(normaliseIndexSpec);
  const existed = context.storage.collection(context.database, name) !== undefined;
  const collection = context.storage.ensureCollection(context.database, name);
  const before = collection.listIndexes().length;
  const created = specs.filter((spec) => collection.createIndex(spec)).length;
  return {
    numIndexesBefore: before,
    numIndexesAfter: collection.listIndexes().length,
    createdCollectionAutomatically: !existed,
    ...(created === 0 ? { note: 'all indexes already exist' } : {}),
    ok: 1,
  };
};

const listIndexes: CommandHandler = (context) => {
  const name = targetCollection(context, 'listIndexes');
  const collection = context.storage.collection(context.database, name);
  if (collection === undefined) {
    throw new MongoCommandError(
      ErrorCode.NamespaceNotFound,
      `ns does not exist: ${context.database}.${name}`,
    );
  }
  return {
    cursor: context.cursors.firstBatch(`${context.database}.${name}`, collection.listIndexes()),
    ok: 1,
  };
};

/** `index` is a name, a key pattern, a list of names, or `"*"` for every index but `_id_`. */
const dropIndexes: CommandHandler = (context) => {
  const name = targetCollection(context, 'dropIndexes');
  const collection = context.storage.collection(context.database, name);
  if (collection === undefined) {
    throw new MongoCommandError(ErrorCode.NamespaceNotFound, `ns not found ${context.database}.${name}`);
  }
  const nIndexesWas = collection.listIndexes().length;
  const selector: unknown = context.body['index'];
  if (selector === '*') collection.dropAllIndexes();
  else if (typeof selector === 'string' || isPlainObject(selector))
    collection.dropIndex(selector as string | Document);
  else if (Array.isArray(selector)) for (const indexName of selector) collection.dropIndex(String(indexName));
  else
    throw new MongoCommandError(
      ErrorCode.TypeMismatch,
      'dropIndexes: index must be a name, a key pattern or a list of names',
    );
  return { nIndexesWas, ok: 1 };
};

export const indexCommands: Record<string, CommandHandler> = {
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
};
