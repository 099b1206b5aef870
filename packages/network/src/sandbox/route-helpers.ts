import type { ErrorRequestHandler, RequestHandler } from 'express';
import { z } from 'zod';
import { ProviderError } from './provider-error.js';

/** Parses a body or a query with a zod schema; a mismatch is the provider's 400. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input ?? {});
  if (!parsed.success) throw new ProviderError(400, 'invalid_request', z.prettifyError(parsed.error));
  return parsed.data;
}

export const notFoundHandler: RequestHandler = (req) => {
  throw new ProviderError(404, 'not_found', `no route ${req.method} ${req.path}`);
};

/**
 * Every error leaves as `{ statusCode, message, code }`. Body-parser failures carry their own 4xx
 * status; anything else is a bug of the sandbox and answers 500.
 */
export const errorHandler: ErrorRequestHandler = (error: unknown, _req, res, next) => {
  // Too late for an error body: let Express end the response.
  if (res.headersSent) return next(error);
  const failure = toProviderError(error);
  if (failure.status >= 500 && !(error instanceof ProviderError)) console.error('sandbox error', error);
  if (failure.retryAfterMs !== undefined)
    res.setHeader('Retry-After', String(Math.ceil(failure.retryAfterMs / 1000)));
  res.status(failure.status).json(failure.body());
};

function toProviderError(error: unknown): ProviderError {
  if (error instanceof ProviderError) return error;
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = error instanceof Error ? error.message : 'invalid request';
    return new ProviderError(status, 'invalid_request', message);
  }
  return new ProviderError(500, 'server_error', 'internal sandbox error');
}
