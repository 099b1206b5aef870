/** The error body every endpoint of the service answers with. */
export interface ErrorBody {
  statusCode: number;
  message: string;
  code?: string;
  details?: unknown;
}

/** A non-2xx answer from the service, after any retries. */
export class OutreachApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly details: unknown;
  readonly requestId: string | undefined;

  constructor(status: number, body: ErrorBody, requestId: string | undefined) {
    super(body.message);
    this.name = new.target.name;
    this.status = status;
    this.code = body.code;
    this.details = body.details;
    this.requestId = requestId;
  }
}

/** 400, 413, 415 and 422: the request itself was refused and nothing changed. */
export class ValidationError extends OutreachApiError {}
/** 401: missing, unknown, revoked or expired API key; or no session, or one that ended. */
export class AuthenticationError extends OutreachApiError {}
/** 403: the caller's role (or the workspace's plan) does not allow it, or a cross-origin change. */
export class ForbiddenError extends OutreachApiError {}
/** 404: not found in the caller's workspace. */
export class NotFoundError extends OutreachApiError {}
/** 409: the current state forbids it. */
export class ConflictError extends OutreachApiError {}
/** 429 after every retry was used. */
export class RateLimitedError extends OutreachApiError {
  readonly retryAfterMs: number | undefined;

  constructor(
    status: number,
    body: ErrorBody,
    requestId: string | undefined,
    retryAfterMs: number | undefined,
  ) {
    super(status, body, requestId);
    this.retryAfterMs = retryAfterMs;
  }
}
/** 5xx after every retry was used. */
export class ServerError extends OutreachApiError {}

export function isOutreachApiError(error: unknown): error is OutreachApiError {
  return error instanceof OutreachApiError;
}

function errorClassFor(status: number): typeof OutreachApiError {
  if (status === 401) return AuthenticationError;
  if (status === 403) return ForbiddenError;
  if (status === 404) return NotFoundError;
  if (status === 409) return ConflictError;
  if (status >= 500) return ServerError;
  return ValidationError;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).message === 'string' &&
    typeof (value as ErrorBody).statusCode === 'number'
  );
}

/** Reads the error body of a failed response (falling back to the status text) into a typed error. */
export async function errorFromResponse(response: Response): Promise<OutreachApiError> {
  const text = await response.text().catch(() => '');
  let body: ErrorBody = {
    statusCode: response.status,
    message: response.statusText || `HTTP ${response.status}`,
  };
  try {
    const parsed: unknown = JSON.parse(text);
    if (isErrorBody(parsed)) body = parsed;
  } catch {
    // not JSON: keep the status text
  }
  const requestId = response.headers.get('x-request-id') ?? undefined;
  if (response.status === 429) {
    return new RateLimitedError(response.status, body, requestId, retryAfterMs(response.headers, Date.now()));
  }
  const ErrorClass = errorClassFor(response.status);
  return new ErrorClass(response.status, body, requestId);
}

/** `Retry-After` in milliseconds from now: delta seconds or an HTTP date; undefined when absent or bad. */
export function retryAfterMs(headers: Headers, now: number): number | undefined {
  const value = headers.get('retry-after');
  if (value === null || value.trim() === '') return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
