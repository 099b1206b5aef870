/**
 * An error that already knows its HTTP answer. Used by the HTTP plumbing (authentication, content
 * negotiation, rate limiting); product rules throw the domain's typed errors instead.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  readonly code: string | undefined;
  readonly details: unknown;

  constructor(statusCode: number, message: string, options: { code?: string; details?: unknown } = {}) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = statusCode;
    this.code = options.code;
    this.details = options.details;
  }
}

/** The body of every error response. */
export interface ErrorBody {
  statusCode: number;
  message: string;
  code?: string;
  details?: unknown;
}
