import type { Document } from 'bson';
import { PreparedUpdate } from '../query/apply-update.js';
import { isPlainObject } from '../storage/bson-values.js';
import type { Collection } from '../storage/collection.js';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';
import { commandVariables } from './command-guards.js';
import { arrayField, targetCollection, type CommandContext, type CommandHandler } from './command-context.js';

/**
 * Runs each statement of a batch write. A statement's failure becomes a `writeErrors` entry; an
 * ordered batch stops at the first one, an unordered batch carries on, as on MongoDB.
 */
function runBatch<T>(
  context: CommandContext,
  statements: readonly T[],
  run: (statement: T, index: number) => void,
): Document[] {
  const ordered = context.body['ordered'] !== false;
  const writeErrors: Document[] = [];
  for (const [index, statement] of statements.entries()) {
    try {
      run(statement, index);
    } catch (error) {
      if (!(error instanceof MongoCommandError)) throw error;
      writeErrors.push(error.toWriteError(index));
      if (ordered) break;
    }
  }
  return writeErrors;
}

function withWriteErrors(reply: Document, writeErrors: Document[]): Document {
  return writeErrors.length === 0 ? { ...reply, ok: 1 } : { ...reply, writeErrors, ok: 1 };
}

function statementDocument(statement: unknown, what: string): Document {
  if (!isPlainObject(statement))
    throw new MongoCommandError(ErrorCode.TypeMismatch, `${what} must be a document`);
  return statement;
}

const insert: CommandHandler = (context) => {
  const collection = context.storage.ensureCollection(context.database, targetCollection(context, 'insert'));
  let n = 0;
  const writeErrors = runBatch(context, arrayField(context.body, 'documents'), (doc) => {
    collection.insert(statementDocument(doc, 'insert document'));
    n += 1;
  });
  return withWriteErrors({ n }, writeErrors);
};

interface UpdateCounts {
  n: number;
  nModified: number;
  upserted: Document[];
}

/** The collection of a write, created only when a document is actually inserted. */
interface WriteTarget {
  existing(): Collection | undefined;
  ensure(): Collection;
}

function writeTarget(context: CommandContext, command: string): WriteTarget {
  const name = targetCollection(context, command);
  return {
    existing: () => context.storage.collection(context.database, name),
    ensure: () => context.storage.ensureCollection(context.database, name),
  };
}

function runUpdate(
  target: WriteTarget,
  statement: Document,
  index: number,
  counts: UpdateCounts,
  variables: Document | undefined,
): void {
  const query = isPlainObject(statement['q']) ? statement['q'] : {};
  const multi = statement['multi'] === true;
  const update = PreparedUpdate.parse(statement['u'], multi, variables);
  const arrayFilters = Array.isArray(statement['arrayFilters'])
    ? (statement['arrayFilters'] as Document[])
    : [];
  const collection = target.existing();
  // A single update stops at the first match; MongoDB updates whichever its plan finds first.
  const targets = collection?.find(query, { limit: multi ? 0 : 1, variables }) ?? [];
  if (targets.length === 0 && statement['upsert'] === true) {
    const inserted = target.ensure().insert(update.buildInsert(query, arrayFilters));
    counts.n += 1;
    counts.upserted.push({ index, _id: inserted['_id'] });
    return;
  }
  for (const current of targets) {
    const { doc, changed } = update.apply(current, query, arrayFilters);
    counts.n += 1;
    if (changed) {
      collection?.replace(current, doc);
      counts.nModified += 1;
    }
  }
}

const update: CommandHandler = (context) => {
  const target = writeTarget(context, 'update');
  const counts: UpdateCounts = { n: 0, nModified: 0, upserted: [] };
  const writeErrors = runBatch(context, arrayField(context.body, 'updates'), (statement, index) =>
    runUpdate(
      target,
      statementDocument(statement, 'update statement'),
      index,
      counts,
      commandVariables(context.body),
    ),
  );
  const { upserted, ...totals } = counts;
  return withWriteErrors(upserted.length > 0 ? { ...totals, upserted } : totals, writeErrors);
};

const remove: CommandHandler = (context) => {
  const collection = context.storage.collection(context.database, targetCollection(context, 'delete'));
  let n = 0;
  const writeErrors = runBatch(context, arrayField(context.body, 'deletes'), (raw) => {
    const statement = statementDocument(raw, 'delete statement');
    const filter = isPlainObject(statement['q']) ? statement['q'] : {};
    const targets =
      collection?.find(filter, {
        limit: statement['limit'] === 1 ? 1 : 0,
        variables: commandVariables(context.body),
      }) ?? [];
    for (const target of targets) collection?.remove(target);
    n += targets.length;
  });
  return withWriteErrors({ n }, writeErrors);
};

export const writeCommands: Record<string, CommandHandler> = { insert, update, delete: remove };
