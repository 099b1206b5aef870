import type { Document } from 'bson';
import { isPlainObject } from '../storage/bson-values.js';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';

/** Update operators the emulator applies (through mingo, plus `$setOnInsert` itself). */
export const UPDATE_OPERATORS = new Set([
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$push',
  '$pull',
  '$pullAll',
  '$addToSet',
  '$pop',
  '$rename',
  '$currentDate',
  '$bit',
  '$setOnInsert',
]);

const POSITIONAL = /^\$(\[\w*\])?$/;

/**
 * Checks an operator-style update the way MongoDB parses one, before anything is applied: every
 * key is a known operator holding a document of paths, and no two paths overlap.
 */
export function validateOperatorUpdate(update: Document): void {
  const seen: string[][] = [];
  for (const [operator, fields] of Object.entries(update)) {
    if (!UPDATE_OPERATORS.has(operator)) {
      throw new MongoCommandError(
        ErrorCode.FailedToParse,
        `Unknown modifier: ${operator}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
    if (!isPlainObject(fields)) {
      throw new MongoCommandError(
        ErrorCode.FailedToParse,
        `Modifiers operate on fields but we found type ${typeof fields} instead. For example: {$mod: {<field>: ...}} not {${operator}: ${String(fields)}}`,
      );
    }
    for (const [path, argument] of Object.entries(fields)) {
      recordPath(seen, path);
      if (operator === '$rename') {
        if (typeof argument !== 'string')
          throw new MongoCommandError(
            ErrorCode.BadValue,
            `The 'to' field for $rename must be a string: ${path}: ${String(argument)}`,
          );
        recordPath(seen, argument);
      }
      if ((operator === '$inc' || operator === '$mul') && typeof argument !== 'number') {
        throw new MongoCommandError(
          ErrorCode.TypeMismatch,
          `Cannot ${operator === '$inc' ? 'increment' : 'multiply'} with non-numeric argument: {${path}: ${JSON.stringify(argument)}}`,
        );
      }
    }
  }
}

function recordPath(seen: string[][], path: string): void {
  const segments = path.split('.');
  if (segments.some((segment) => segment === '')) {
    throw new MongoCommandError(ErrorCode.BadValue, `An empty update path is not valid: '${path}'`);
  }
  const invalid = segments.find((segment) => segment.startsWith('$') && !POSITIONAL.test(segment));
  if (invalid !== undefined) {
    throw new MongoCommandError(
      ErrorCode.BadValue,
      `The dollar ($) prefixed field '${invalid}' in '${path}' is not allowed in the context of an update`,
    );
  }
  for (const other of seen) {
    const shorter = other.length <= segments.length ? other : segments;
    const longer = shorter === other ? segments : other;
    if (shorter.every((segment, i) => longer[i] === segment)) {
      throw new MongoCommandError(
        ErrorCode.ConflictingUpdateOperators,
        `Updating the path '${path}' would create a conflict at '${shorter.join('.')}'`,
      );
    }
  }
  seen.push(segments);
}

/** The paths an operator update writes, with the operator writing each. */
export function writtenPaths(update: Document): { operator: string; path: string; value: unknown }[] {
  return Object.entries(update).flatMap(([operator, fields]) =>
    Object.entries(fields as Document).map(([path, value]) => ({ operator, path, value })),
  );
}

/** Whether the path addresses `_id` or something inside it. */
export function touchesId(path: string): boolean {
  return path === '_id' || path.startsWith('_id.');
}
