import { activeTraceIds } from '@outreach/telemetry';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Caller-supplied ids are echoed in headers and logs, so only short, plain tokens are trusted. */
const ACCEPTABLE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Takes the caller's `x-request-id` when it is a plain token, else makes one, and returns it. With
 * tracing on, the one made is `<trace id>-<span id>` of the request's server span: unique per
 * request like a random one, and its first 32 characters find the trace, so the id a client
 * reports leads to the log lines and to the trace alike. A caller's own id is kept; the request's
 * log lines then carry the trace beside it (`traceId`, `spanId`).
 */
export function assignRequestId(req: IncomingMessage, res: ServerResponse): string {
  const supplied = req.headers[REQUEST_ID_HEADER];
  const id =
    typeof supplied === 'string' && ACCEPTABLE_REQUEST_ID.test(supplied)
      ? supplied
      : (traceRequestId() ?? randomUUID());
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

function traceRequestId(): string | null {
  const ids = activeTraceIds();
  return ids === null ? null : `${ids.traceId}-${ids.spanId}`;
}

/**
 * One log line per request with its id, status and duration; `req.log` carries the id for any
 * line written while handling it. Credential headers (the API key, the provider's webhook
 * secret, authorization, cookies) are redacted by the process logger (`createLogger`), as every
 * other line is.
 */
export function requestLogger(logger: Logger) {
  return pinoHttp({
    logger,
    genReqId: assignRequestId,
    // Probes arrive every few seconds from the orchestrator; a line each would drown the rest.
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' },
    customLogLevel: (_req, res, error) => {
      if (error || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
  });
}
