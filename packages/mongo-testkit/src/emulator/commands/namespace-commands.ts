import type { Document } from 'bson';
import { compileQuery, testQuery } from '../query/mingo-bridge.js';
import { ID_INDEX } from '../storage/index-specs.js';
import type { Collection } from '../storage/collection.js';
import {
  documentField,
  targetCollection,
  type CommandContext,
  type CommandHandler,
} from './command-context.js';

/** Fields of a command body that describe the request, not the collection being created. */
const REQUEST_FIELDS = new Set([
  'create',
  'lsid',
  'writeConcern',
  'comment',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
]);

const create: CommandHandler = (context) => {
  const name = targetCollection(context, 'create');
  const options = Object.fromEntries(
    Object.entries(context.body).filter(([key]) => !key.startsWith('$') && !REQUEST_FIELDS.has(key)),
  );
  context.storage.createCollection(context.database, name, options);
  return { ok: 1 };
};

/** Since MongoDB 7.0 dropping a missing collection succeeds. */
const drop: CommandHandler = (context) => {
  const name = targetCollection(context, 'drop');
  const dropped = context.storage.dropCollection(context.database, name);
  return { nIndexesWas: dropped?.listIndexes().length ?? 0, ns: `${context.database}.${name}`, ok: 1 };
};

const dropDatabase: CommandHandler = (context) => {
  context.storage.dropDatabase(context.database);
  return { dropped: context.database, ok: 1 };
};

function describeCollection(collection: Collection): Document {
  return {
    name: collection.name,
    type: 'collection',
    options: collection.options,
    info: { readOnly: false, uuid: collection.uuid },
    idIndex: ID_INDEX,
  };
}

const listCollections: CommandHandler = (context) => {
  const filter = documentField(context.body, 'filter');
  const query = filter === undefined ? undefined : compileQuery(filter);
  const nameOnly = context.body['nameOnly'] === true;
  const entries = context.storage
    .listCollections(context.database)
    .map(describeCollection)
    .filter((entry) => query === undefined || testQuery(query, entry))
    .map((entry) => (nameOnly ? { name: entry['name'], type: entry['type'] } : entry));
  const cursorOptions = documentField(context.body, 'cursor');
  return {
    cursor: context.cursors.firstBatch(`${context.database}.$cmd.listCollections`, entries, {
      batchSize: cursorOptions?.['batchSize'] as number | undefined,
    }),
    ok: 1,
  };
};

const listDatabases: CommandHandler = (context) => {
  const databases = context.storage.listDatabases().map((name) => ({ name, sizeOnDisk: 0, empty: false }));
  const nameOnly = context.body['nameOnly'] === true;
  return {
    databases: nameOnly ? databases.map(({ name }) => ({ name })) : databases,
    totalSize: 0,
    ok: 1,
  };
};

export const namespaceCommands: Record<string, CommandHandler> = {
  create,
  drop,
  dropDatabase,
  listCollections,
  listDatabases,
};

export function collectionOf(context: CommandContext, command: string): Collection | undefined {
  return context.storage.collection(context.database, targetCollection(context, command));
}
