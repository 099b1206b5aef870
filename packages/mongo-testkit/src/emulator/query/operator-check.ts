import type { Document } from 'bson';
import { isPlainObject } from '../storage/bson-values.js';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';
import { isAccumulator, isKnownOperator } from './mingo-context.js';

/**
 * Refuses unknown `$` operators anywhere in a pipeline or a filter's expressions, as MongoDB does
 * when it parses them, instead of only when a document reaches them (an aggregation over an empty
 * collection would otherwise accept `{ $project: { x: { $nosuch: 1 } } }`). Keys that start with
 * `$` are always operators in these positions; `$literal` values are data and are not looked into.
 */
/** `$options` goes with `$regex`; it is an argument, not an operator of its own. */
const ARGUMENT_KEYS = new Set(['$options']);

/**
 * A pipeline's stages: stage names are checked where the stages run (refusing the unsupported
 * ones by name); their contents here.
 */
export function assertKnownPipelineOperators(pipeline: readonly unknown[]): void {
  for (const stage of pipeline) {
    if (!isPlainObject(stage)) continue;
    for (const [name, spec] of Object.entries(stage)) {
      if (name === '$group' && isPlainObject(spec)) assertAccumulators(spec);
      assertKnownOperators(spec);
    }
  }
}

export function assertKnownOperators(value: unknown): void {
  if (Array.isArray(value)) {
    for (const element of value) assertKnownOperators(element);
    return;
  }
  if (!isPlainObject(value)) return;
  for (const [key, inner] of Object.entries(value)) {
    if (key.startsWith('$') && !ARGUMENT_KEYS.has(key)) {
      if (!isKnownOperator(key)) {
        throw new MongoCommandError(ErrorCode.InvalidPipelineOperator, `Unrecognized expression '${key}'`);
      }
      if (key === '$literal') continue;
      if (key === '$group' && isPlainObject(inner)) assertAccumulators(inner);
    }
    assertKnownOperators(inner);
  }
}

function assertAccumulators(group: Document): void {
  for (const [field, spec] of Object.entries(group)) {
    if (field === '_id' || !isPlainObject(spec)) continue;
    const operator = Object.keys(spec)[0];
    if (operator !== undefined && !isAccumulator(operator)) {
      throw new MongoCommandError(ErrorCode.Location15952, `unknown group operator '${operator}'`);
    }
  }
}
