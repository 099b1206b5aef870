import type { Document } from 'bson';
import { Context, evalExpr } from 'mingo/core';
import * as accumulator from 'mingo/operators/accumulator';
import * as expression from 'mingo/operators/expression';
import * as pipeline from 'mingo/operators/pipeline';
import * as projection from 'mingo/operators/projection';
import * as query from 'mingo/operators/query';
import * as window from 'mingo/operators/window';
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
