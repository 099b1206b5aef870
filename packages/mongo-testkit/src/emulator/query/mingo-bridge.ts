import type { Document } from 'bson';
import { Aggregator } from 'mingo/aggregator';
import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';
import { MingoError } from 'mingo/util';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';
import { EMULATOR_CONTEXT, QUERY_CONTEXT, usesQueryOperatorsOnly } from './mingo-context.js';
import { finishProjection, planProjection } from './projection.js';

/**
 * The one place the emulator queries and aggregates with mingo, always in the emulator's operator
 * context (every mingo operator, a few replaced to follow MongoDB more closely). mingo's own
 * errors are translated into the codes and messages MongoDB answers with.
 */

export type MingoOptions = Partial<Options>;

export function compileQuery(filter: Document, options: MingoOptions = {}): Query {
  // A filter of query operators alone gets a context of those alone, which is cheaper to set up.
  const context = usesQueryOperatorsOnly(filter) ? QUERY_CONTEXT : EMULATOR_CONTEXT;
  return translating(() => new Query(filter, { ...options, context }));
}

function withContext(options: MingoOptions): MingoOptions {
  return { ...options, context: EMULATOR_CONTEXT };
}

export function testQuery(query: Query, doc: Document): boolean {
  return translating(() => query.test(doc));
}

export function runPipeline(docs: Document[], pipeline: Document[], options: MingoOptions = {}): Document[] {
  return translating(() => new Aggregator(pipeline, withContext(options)).run(docs) as Document[]);
}

/**
 * Sorts, skips, limits and projects an already filtered list; `query` (the filter that found the
 * documents) resolves a positional projection.
 */
export function shapeResults(
  docs: Document[],
  shape: {
    sort?: Document | undefined;
    skip?: number;
    limit?: number;
    projection?: Document | undefined;
    query?: Document;
  },
): Document[] {
  return translating(() => {
    // Sorting, skipping and limiting use no operator of the context: the query operators' will do.
    let cursor = new Query({}, { context: QUERY_CONTEXT }).find<Document>(docs);
    if (shape.sort !== undefined && Object.keys(shape.sort).length > 0) cursor = cursor.sort(shape.sort);
    if (shape.skip !== undefined && shape.skip > 0) cursor = cursor.skip(shape.skip);
    if (shape.limit !== undefined && shape.limit > 0) cursor = cursor.limit(shape.limit);
    const selected = cursor.all();
    const plan = planProjection(shape.projection);
    if (plan.plain === undefined && plan.slices.length === 0 && plan.positional === undefined)
      return selected;
    const projector = plan.plain === undefined ? undefined : new Query({}, withContext({}));
    return selected.map((doc) => {
      const projected =
        projector === undefined ? doc : (projector.find<Document>([doc], plan.plain).all()[0] ?? {});
      return finishProjection(projected, doc, plan, shape.query ?? {});
    });
  });
}

/** Runs mingo code, turning its errors into MongoDB's. */
export function translating<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw translateMingoError(error);
  }
}

const TRANSLATIONS: readonly [RegExp, (match: RegExpMatchArray) => MongoCommandError][] = [
  [
    /^unknown top level operator: (\S+)/,
    (m) => new MongoCommandError(ErrorCode.BadValue, `unknown top level operator: ${m[1]}`),
  ],
  [
    /^unknown query operator (\S+)/,
    (m) => new MongoCommandError(ErrorCode.BadValue, `unknown operator: ${m[1]}`),
  ],
  [
    /^unregistered pipeline operator (\$\w+)/,
    (m) => new MongoCommandError(ErrorCode.Location40324, `Unrecognized pipeline stage name: '${m[1]}'`),
  ],
  [
    /^accumulator '(\$\w+)' is not registered/,
    (m) => new MongoCommandError(ErrorCode.InvalidPipelineOperator, `Unrecognized expression '${m[1]}'`),
  ],
  [
    /would create a conflict at '(.+)'/,
    (m) =>
      new MongoCommandError(
        ErrorCode.ConflictingUpdateOperators,
        `Updating the path '${m[1]}' would create a conflict at '${m[1]}'`,
      ),
  ],
  [
    /positional operator|'\.\$'/,
    () =>
      new MongoCommandError(
        ErrorCode.BadValue,
        'The positional operator did not find the match needed from the query.',
      ),
  ],
];

export function translateMingoError(error: unknown): unknown {
  if (!(error instanceof MingoError)) return error;
  for (const [pattern, build] of TRANSLATIONS) {
    const match = error.message.match(pattern);
    if (match) return build(match);
  }
  return new MongoCommandError(ErrorCode.BadValue, error.message);
}
