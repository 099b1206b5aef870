import type { Document } from 'bson';
import { PreparedUpdate } from '../query/apply-update.js';
import { shapeResults } from '../query/mingo-bridge.js';
import { withIdFirst } from '../storage/bson-values.js';
import type { Collection } from '../storage/collection.js';
import type { QueryOutcome } from '../storage/query-execution.js';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';
import {
  documentField,
  targetCollection,
  type CommandContext,
  type CommandHandler,
} from './command-context.js';
import { commandVariables } from './command-guards.js';

interface Outcome {
  value: Document | null;
  lastErrorObject: Document;
}

function project(doc: Document | null, fields: Document | undefined, query: Document): Document | null {
  if (doc === null || fields === undefined || Object.keys(fields).length === 0) return doc;
  return withIdFirst(shapeResults([doc], { projection: fields, query })[0] ?? {});
}

/** The document a findAndModify acts on: the first match in `sort` order. */
export function firstMatch(
  collection: Collection | undefined,
  query: Document,
  sort: Document | undefined,
  variables?: Document,
): {
  target: Document | null;
  outcome: QueryOutcome | undefined;
} {
  if (collection === undefined) return { target: null, outcome: undefined };
  const outcome = collection.query(query, { sort, limit: 1, variables });
  const ordered =
    outcome.sorted || sort === undefined ? outcome.docs : shapeResults(outcome.docs, { sort, limit: 1 });
  return { target: ordered[0] ?? null, outcome };
}

function removeOne(context: CommandContext, name: string, target: Document | null): Outcome {
  if (target !== null) context.storage.collection(context.database, name)?.remove(target);
  return { value: target, lastErrorObject: { n: target === null ? 0 : 1 } };
}

function updateOne(context: CommandContext, name: string, query: Document, target: Document | null): Outcome {
  const update = PreparedUpdate.parse(context.body['update'], false, commandVariables(context.body));
  const arrayFilters = Array.isArray(context.body['arrayFilters'])
    ? (context.body['arrayFilters'] as Document[])
    : [];
  const returnNew = context.body['new'] === true;
  if (target !== null) {
    const { doc, changed } = update.apply(target, query, arrayFilters);
    const stored = changed
      ? context.storage.ensureCollection(context.database, name).replace(target, doc)
      : target;
    return { value: returnNew ? stored : target, lastErrorObject: { n: 1, updatedExisting: true } };
  }
  if (context.body['upsert'] !== true) {
    return { value: null, lastErrorObject: { n: 0, updatedExisting: false } };
  }
  const inserted = context.storage
    .ensureCollection(context.database, name)
    .insert(update.buildInsert(query, arrayFilters));
  return {
    value: returnNew ? inserted : null,
    lastErrorObject: { n: 1, updatedExisting: false, upserted: inserted['_id'] },
  };
}

/**
 * Finds one document (honouring `sort`) and removes or updates it in the same synchronous step,
 * which is what makes it safe for claiming work.
 */
const findAndModify: CommandHandler = (context) => {
  const name = targetCollection(context, Object.keys(context.body)[0] as string);
  const query = documentField(context.body, 'query') ?? {};
  const remove = context.body['remove'] === true;
  if (!remove && context.body['update'] === undefined) {
    throw new MongoCommandError(ErrorCode.FailedToParse, 'Either an update or remove=true must be specified');
  }
  if (remove && (context.body['update'] !== undefined || context.body['upsert'] === true)) {
    throw new MongoCommandError(ErrorCode.FailedToParse, 'Cannot specify both an update and remove=true');
  }
  const collection = context.storage.collection(context.database, name);
  const { target } = firstMatch(
    collection,
    query,
    documentField(context.body, 'sort'),
    commandVariables(context.body),
  );
  const outcome = remove ? removeOne(context, name, target) : updateOne(context, name, query, target);
  return {
    lastErrorObject: outcome.lastErrorObject,
    value: project(outcome.value, documentField(context.body, 'fields'), query),
    ok: 1,
  };
};

export const findAndModifyCommands: Record<string, CommandHandler> = {
  findAndModify,
  findandmodify: findAndModify,
};
