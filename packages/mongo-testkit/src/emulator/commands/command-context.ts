import type { Document } from 'bson';
import { isPlainObject } from '../storage/bson-values.js';
import type { StorageEngine } from '../storage/storage-engine.js';
import { ErrorCode, MongoCommandError } from '../mongo-error.js';
import type { CursorStore } from './cursor-store.js';

/** What a command handler sees: the request body (kind-1 sections merged in) and the server state. */
export interface CommandContext {
  readonly database: string;
  readonly body: Document;
  readonly storage: StorageEngine;
  readonly cursors: CursorStore;
  readonly connectionId: number;
}

/**
 * Handlers are synchronous on purpose: a command runs to completion before the next one starts, so
 * every command is atomic (two `findAndModify` claimers can never take the same document).
 */
export type CommandHandler = (context: CommandContext) => Document;

/** The collection a command names in its first field (`{ find: "users" }`). */
export function targetCollection(context: CommandContext, command: string): string {
  const name: unknown = context.body[command];
  if (typeof name !== 'string' || name === '') {
    throw new MongoCommandError(
      ErrorCode.InvalidNamespace,
      `collection name has invalid type ${typeof name}`,
    );
  }
  return name;
}

export function documentField(body: Document, field: string): Document | undefined {
  const value: unknown = body[field];
  if (value === undefined || value === null) return undefined;
  if (!isPlainObject(value)) {
    throw new MongoCommandError(
      ErrorCode.TypeMismatch,
      `BSON field '${field}' is the wrong type '${typeof value}', expected type 'object'`,
    );
  }
  return value;
}

export function numberField(body: Document, field: string): number | undefined {
  const value: unknown = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number') {
    throw new MongoCommandError(
      ErrorCode.TypeMismatch,
      `BSON field '${field}' is the wrong type '${typeof value}', expected a number`,
    );
  }
  return value;
}

export function arrayField(body: Document, field: string): unknown[] {
  const value: unknown = body[field];
  if (!Array.isArray(value)) {
    throw new MongoCommandError(
      ErrorCode.TypeMismatch,
      `BSON field '${field}' is missing or is not an array`,
    );
  }
  return value;
}
