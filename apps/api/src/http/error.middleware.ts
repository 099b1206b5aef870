import type { ErrorRequestHandler, RequestHandler } from 'express';
import { toErrorBody } from './error-body.js';
import { HttpError } from './http-error.js';

/** Every path nobody answered: a 404 in the API's error shape, never the framework's HTML page. */
export function notFoundHandler(): RequestHandler {
  return (req, _res, next) => {
    next(new HttpError(404, `no route for ${req.method} ${req.path}`, { code: 'not_found' }));
  };
}

/** Seconds a client is asked to wait after a 503 (a database outage or failover). */
export const RETRY_AFTER_SECONDS = 5;

/** The single place where errors become responses. 5xx are logged with their stack. */
export function errorHandler(): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const requestId = String(req.id);
    const body = toErrorBody(error, requestId);
    if (body.statusCode === 503)
      req.log.warn({ err: error, requestId }, 'request failed: service unavailable');
    else if (body.statusCode >= 500) req.log.error({ err: error, requestId }, 'request failed');
    if (res.headersSent) {
      // Part of a response is already on the wire; the only honest signal left is to cut it.
      res.destroy();
      return;
    }
    if (body.statusCode === 503) res.set('Retry-After', String(RETRY_AFTER_SECONDS));
    res.status(body.statusCode).json(body);
  };
}
