import { STATUS_CODES } from 'node:http';
import { formatZodError, zodErrorDetails } from '@outreach/contract';
import {
  AlreadyExistsError,
  InvalidCursorError,
  isDatabaseUnavailable,
  NotFoundError,
  StatusConflictError,
  VersionConflictError,
} from '@outreach/db';
import { DomainError } from '@outreach/domain';
import { ZodError } from 'zod';
import { HttpError, type ErrorBody } from './http-error.js';

/** Errors raised by Express's body parser and router carry a `type` and a `status`. */
interface FrameworkError {
  type?: unknown;
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  message?: unknown;
}

const BODY_PARSER_ERRORS: Record<string, ErrorBody> = {
  'entity.parse.failed': {
    statusCode: 400,
    message: 'request body is not valid JSON',
    code: 'malformed_json',
  },
  'entity.too.large': { statusCode: 413, message: 'request body exceeds 1 MiB', code: 'payload_too_large' },
  'charset.unsupported': {
    statusCode: 415,
    message: 'request body must be UTF-8 encoded JSON',
    code: 'unsupported_media_type',
  },
  'encoding.unsupported': {
    statusCode: 415,
    message: 'request body content encoding is not supported',
    code: 'unsupported_media_type',
  },
  'request.aborted': {
    statusCode: 400,
    message: 'request body was not received completely',
    code: 'aborted',
  },
  'request.size.invalid': {
    statusCode: 400,
    message: 'request body length does not match its Content-Length',
    code: 'invalid_length',
  },
};

/** Problems listed in the `details` of a 400; the message says how many there were in all. */
export const MAX_LISTED_PROBLEMS = 20;

/** Not-found errors of the data layer, by entity, as the domain's codes. */
const NOT_FOUND_CODES: Record<string, string> = {
  campaign: 'campaign_not_found',
  step: 'step_not_found',
  lead: 'lead_not_found',
  'blocked lead': 'block_not_found',
  'sender account': 'account_not_found',
  conversation: 'conversation_not_found',
};

/**
 * Turns anything thrown while handling a request into the one error body of the API. Unknown
 * errors become a generic 500 carrying the request id, so nothing internal leaks.
 */
export function toErrorBody(error: unknown, requestId: string): ErrorBody {
  if (error instanceof HttpError) return body(error.statusCode, error.message, error.code, error.details);
  if (error instanceof DomainError) return body(error.statusCode, error.message, error.code, error.details);
  if (error instanceof ZodError) {
    // A body with 60,000 unknown keys must not get a 60,000-line answer: the message counts them all.
    return body(
      400,
      `invalid request: ${formatZodError(error)}`,
      'validation_failed',
      zodErrorDetails(error).slice(0, MAX_LISTED_PROBLEMS),
    );
  }
  const fromDb = fromDataLayer(error);
  if (fromDb) return fromDb;
  const fromFramework = fromFrameworkError(error);
  if (fromFramework) return fromFramework;
  return body(500, `internal server error (request id ${requestId})`, 'internal_error', { requestId });
}

function fromDataLayer(error: unknown): ErrorBody | undefined {
  if (error instanceof NotFoundError) {
    const code = NOT_FOUND_CODES[error.entity] ?? 'not_found';
    return body(404, error.message, code, { missingIds: [...error.missingIds] });
  }
  if (error instanceof AlreadyExistsError) return body(409, error.message, 'already_exists');
  if (error instanceof InvalidCursorError) return body(400, error.message, 'invalid_cursor');
  if (error instanceof StatusConflictError) {
    return body(409, error.message, 'status_conflict', { status: error.currentStatus });
  }
  // Only reached when every retry of a sequence edit lost the race: the caller may simply retry.
  if (error instanceof VersionConflictError) return body(409, error.message, 'version_conflict');
  // An outage is temporary and the caller's request may well be fine: 503, to be retried.
  if (isDatabaseUnavailable(error)) {
    return body(503, 'the database is unreachable; retry later', 'database_unavailable');
  }
  return undefined;
}

function fromFrameworkError(error: unknown): ErrorBody | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as FrameworkError;
  if (typeof candidate.type === 'string') {
    const known = BODY_PARSER_ERRORS[candidate.type];
    if (known) return { ...known };
  }
  const status = typeof candidate.status === 'number' ? candidate.status : candidate.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // Client errors of the framework (e.g. an undecodable path parameter) are safe to name.
    const message =
      candidate.expose === true && typeof candidate.message === 'string'
        ? candidate.message
        : (STATUS_CODES[status] ?? 'bad request');
    return { statusCode: status, message };
  }
  return undefined;
}

function body(statusCode: number, message: string, code?: string, details?: unknown): ErrorBody {
  const result: ErrorBody = { statusCode, message };
  if (code !== undefined) result.code = code;
  if (details !== undefined) result.details = details;
  return result;
}
