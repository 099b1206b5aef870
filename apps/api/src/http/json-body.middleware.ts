import express, { type RequestHandler } from 'express';
import { HttpError } from './http-error.js';

/** Largest accepted request body: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

const JSON_TYPES = ['application/json', 'application/*+json'];

/**
 * A request carries a body when it declares a non-zero length or streams one. A bodyless POST
 * (Content-Length: 0, as most clients send for `pause`/`start`) needs no content type.
 */
function carriesBody(headers: Record<string, string | string[] | undefined>): boolean {
  if (headers['transfer-encoding'] !== undefined) return true;
  const length = Number(headers['content-length'] ?? '0');
  return Number.isFinite(length) && length > 0;
}

/** Refuses a body that is not declared as JSON before anything reads it. */
export function requireJsonContentType(): RequestHandler {
  return (req, _res, next) => {
    if (carriesBody(req.headers) && !req.is(JSON_TYPES)) {
      next(
        new HttpError(415, 'request body must be sent with Content-Type: application/json', {
          code: 'unsupported_media_type',
        }),
      );
      return;
    }
    next();
  };
}

/** Content-type check, then the JSON parser with the size limit (objects and arrays only). */
export function jsonBody(): RequestHandler[] {
  return [requireJsonContentType(), express.json({ limit: MAX_BODY_BYTES, type: JSON_TYPES, strict: true })];
}
