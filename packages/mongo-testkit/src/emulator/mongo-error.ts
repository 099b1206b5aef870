import type { Document } from 'bson';

/** The server error codes the emulator answers with, named as MongoDB names them (`codeName`). */
export const ErrorCode = {
  InternalError: 1,
  BadValue: 2,
  FailedToParse: 9,
  TypeMismatch: 14,
  IllegalOperation: 20,
  PathNotViable: 28,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  CommandNotFound: 59,
  DollarPrefixedFieldName: 52,
  ImmutableField: 66,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  InvalidPipelineOperator: 168,
  NotImplemented: 238,
  Location15952: 15952,
  Location40324: 40324,
  Location40415: 40415,
  BSONObjectTooLarge: 10334,
  DuplicateKey: 11000,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

const CODE_NAMES = new Map<number, string>(Object.entries(ErrorCode).map(([name, code]) => [code, name]));

/**
 * An error the emulator reports to the client exactly as MongoDB would: `{ ok: 0, errmsg, code,
 * codeName }`, plus extra fields such as `keyPattern` and `keyValue` for duplicate keys.
 */
export class MongoCommandError extends Error {
  readonly code: number;
  readonly extra: Document;

  constructor(code: ErrorCodeValue, message: string, extra: Document = {}) {
    super(message);
    this.name = 'MongoCommandError';
    this.code = code;
    this.extra = extra;
  }

  get codeName(): string {
    return CODE_NAMES.get(this.code) ?? 'UnknownError';
  }

  /** The error as a command reply. */
  toReply(): Document {
    return { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
  }

  /** The error as one entry of a write command's `writeErrors`. */
  toWriteError(index: number): Document {
    return { index, code: this.code, errmsg: this.message, ...this.extra };
  }
}

/**
 * A feature MongoDB has and the emulator does not: refused loudly, so code that needs it fails here
 * instead of getting an answer that differs from MongoDB's.
 */
export function notSupported(feature: string): MongoCommandError {
  return new MongoCommandError(
    ErrorCode.NotImplemented,
    `${feature} is not supported by the MongoDB emulator`,
  );
}

/** Shorthand for the common "this argument is wrong" rejection. */
export function badValue(message: string): MongoCommandError {
  return new MongoCommandError(ErrorCode.BadValue, message);
}
