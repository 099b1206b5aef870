import type { Document } from 'bson';
import { Context, evalExpr } from 'mingo/core';
import * as accumulator from 'mingo/operators/accumulator';
import * as expression from 'mingo/operators/expression';
import * as pipeline from 'mingo/operators/pipeline';
import * as projection from 'mingo/operators/projection';
import * as query from 'mingo/operators/query';
import * as window from 'mingo/operators/window';
import { isPlainObject } from '../storage/bson-values.js';
import { $type, typeName } from './bson-type.js';

type Operators = Record<string, unknown>;

const typeExpression = (obj: Document, expr: unknown, options: never): string =>
  typeName(evalExpr(obj, expr, options));

// mingo's operator types are unions too large for tsc to check a replaced member against; the
// replacements have mingo's operator signatures, so the modules are passed as plain records.
const operators: Record<string, Operators> = {
  accumulator,
  expression: { ...(expression as Operators), $type: typeExpression },
  pipeline,
  projection,
  query: { ...(query as Operators), $type },
  window,
};

const KNOWN = new Set(Object.values(operators).flatMap((group) => Object.keys(group)));
const ACCUMULATORS = new Set(Object.keys(accumulator));

/** Whether `name` is an operator of any kind the emulator evaluates (stage, expression, query...). */
export function isKnownOperator(name: string): boolean {
  return KNOWN.has(name);
}

/** Whether `name` is a `$group` accumulator. */
export function isAccumulator(name: string): boolean {
  return ACCUMULATORS.has(name);
}

/** Every mingo operator, with `$type` (query and expression) following BSON types in place of mingo's. */
export const EMULATOR_CONTEXT = Context.init(operators as never);

/**
 * The query operators alone, the same as in `EMULATOR_CONTEXT`: all a filter uses unless it holds
 * another operator or one that evaluates more (`$expr` evaluates expressions). mingo copies every operator table of a context
 * into each new query, and copying all of them (some 250 operators) cost more than compiling a
 * claim's or a lease's short filter.
 */
export const QUERY_CONTEXT = Context.init({ query: operators['query'] } as never);

/** Query operators that evaluate more than the query operators: expressions, scripts, schemas. */
const EVALUATING = new Set(['$expr', '$where', '$jsonSchema']);
const QUERY_OPERATORS = new Set(
  Object.keys(operators['query'] ?? {}).filter((name) => !EVALUATING.has(name)),
);

/** Whether every operator the filter names, at any depth, is a query operator needing no other. */
export function usesQueryOperatorsOnly(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(usesQueryOperatorsOnly);
  if (!isPlainObject(value)) return true;
  return Object.entries(value).every(
    ([key, inner]) => (!key.startsWith('$') || QUERY_OPERATORS.has(key)) && usesQueryOperatorsOnly(inner),
  );
}
