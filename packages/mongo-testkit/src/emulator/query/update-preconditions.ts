import { Decimal128, Long, type Document } from 'bson';
import { isPlainObject } from '../storage/bson-values.js';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';

const ARRAY_OPERATORS = new Set(['$push', '$addToSet', '$pull', '$pullAll', '$pop']);
const NUMERIC_OPERATORS = new Set(['$inc', '$mul']);
/** Operators that leave a path alone when it cannot exist, instead of creating it. */
const NON_CREATING = new Set(['$unset', '$pull', '$pullAll', '$pop', '$rename']);

/**
 * MongoDB refuses an operator whose target has the wrong type, where mingo quietly does nothing:
 * `$push` onto a string, `$inc` of a string, `$set` of `a.b` when `a` is a number. Checking first
 * keeps code that works on the emulator from failing on a real server.
 * Paths with array filters (`$[...]`) are left to mingo.
 */
export function assertOperatorApplies(doc: Document, operator: string, path: string): void {
  const segments = path.split('.');
  if (segments.some((segment) => segment.startsWith('$'))) return;
  let parent: unknown = doc;
  for (const [depth, segment] of segments.entries()) {
    const isLast = depth === segments.length - 1;
    const value = childOf(parent, segment);
    if (isLast) {
      assertTargetType(doc, operator, path, segment, value);
      return;
    }
    if (value === undefined || value === null) {
      if (value === null && !NON_CREATING.has(operator))
        throw notViable(segments[depth + 1] as string, segment, value);
      return;
    }
    const next = segments[depth + 1] as string;
    const traversable = isPlainObject(value) || (Array.isArray(value) && /^\d+$/.test(next));
    if (!traversable) {
      if (NON_CREATING.has(operator)) return;
      throw notViable(next, segment, value);
    }
    parent = value;
  }
}

function childOf(parent: unknown, segment: string): unknown {
  if (Array.isArray(parent)) return /^\d+$/.test(segment) ? parent[Number(segment)] : undefined;
  return isPlainObject(parent) ? parent[segment] : undefined;
}

function assertTargetType(
  doc: Document,
  operator: string,
  path: string,
  field: string,
  value: unknown,
): void {
  if (value === undefined) return;
  if (ARRAY_OPERATORS.has(operator) && !Array.isArray(value)) {
    if (operator === '$pop') {
      throw new MongoCommandError(
        ErrorCode.TypeMismatch,
        `Path '${path}' contains an element of non-array type '${typeName(value)}'`,
      );
    }
    throw new MongoCommandError(
      ErrorCode.BadValue,
      `The field '${path}' must be an array but is of type ${typeName(value)} in document {_id: ${render(doc['_id'])}}`,
    );
  }
  const numeric = typeof value === 'number' || value instanceof Long || value instanceof Decimal128;
  if (NUMERIC_OPERATORS.has(operator) && !numeric) {
    throw new MongoCommandError(
      ErrorCode.TypeMismatch,
      `Cannot apply ${operator} to a value of non-numeric type. {_id: ${render(doc['_id'])}} has the field '${field}' of non-numeric type ${typeName(value)}`,
    );
  }
}

function notViable(field: string, parentField: string, parentValue: unknown): MongoCommandError {
  return new MongoCommandError(
    ErrorCode.PathNotViable,
    `Cannot create field '${field}' in element {${parentField}: ${render(parentValue)}}`,
  );
}

function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  if (typeof value === 'number') return Number.isInteger(value) ? 'int' : 'double';
  if (typeof value === 'boolean') return 'bool';
  return isPlainObject(value) ? 'object' : typeof value;
}

function render(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}
