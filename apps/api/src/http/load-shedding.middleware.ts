import type { RequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { CONSOLE_PATH } from './console.routes.js';
import { METRICS_PATH } from './metrics.routes.js';
import { createAdmissionGate, type AdmissionLimits, type RefusalReason } from './admission-gate.js';
import { watchEventLoopDelay } from './event-loop-delay.js';
import type { ErrorBody } from './http-error.js';

export interface LoadSheddingSettings extends AdmissionLimits {
  /**
   * A 99th-percentile event-loop delay over the last second above this (ms) means the process is
   * running late: requests that find no free place are then refused at once instead of waiting.
   * 0 turns the signal off.
   */
  maxEventLoopDelayMs: number;
}

/** Seconds a refused client is asked to wait: a place frees within a request's time. */
export const OVERLOADED_RETRY_AFTER_SECONDS = 1;

/** At most one log line about refusals per this many milliseconds, with how many there were. */
const REFUSAL_LOG_INTERVAL_MS = 5_000;

const MESSAGES: Record<RefusalReason, string> = {
  queue_full: 'the API is overloaded: too many requests are waiting; retry after the Retry-After seconds',
  waited_too_long:
    'the API is overloaded: the request waited too long for its turn; retry after the Retry-After seconds',
  event_loop_delayed: 'the API is overloaded: it is running late; retry after the Retry-After seconds',
};

export interface LoadSheddingOptions {
  settings: LoadSheddingSettings;
  /** Paths never refused: health probes, metrics, the console's files. */
  exempt: (path: string) => boolean;
  logger: Logger;
}

/**
 * Load shedding, mounted early (after request ids, before authentication and body parsing, so a
 * refusal costs next to nothing): at most `maxInFlight` requests in progress in this process, a
 * short queue beyond, and 503 `overloaded` with `Retry-After` for the rest, in the API's error
 * shape. A request holds its place until its answer is sent or its client goes away.
 */
export function loadShedding(options: LoadSheddingOptions): RequestHandler {
  const loop = watchEventLoopDelay(options.settings.maxEventLoopDelayMs);
  const gate = createAdmissionGate(options.settings, loop.delayed);
  const refusals = countedRefusals(options.logger, () => ({
    inFlight: gate.inFlight(),
    waiting: gate.waiting(),
    eventLoopDelayP99Ms: Math.round(loop.lastP99Ms()),
  }));

  return (req, res, next) => {
    if (options.exempt(req.path)) {
      next();
      return;
    }
    void gate
      .enter((abandon) => res.once('close', abandon))
      .then((admission) => {
        switch (admission.kind) {
          case 'admitted':
            // 'close' follows the end of the answer, or the client going away before it.
            if (res.closed) admission.release();
            else {
              res.once('close', admission.release);
              next();
            }
            return;
          case 'refused':
            refusals.count(admission.reason);
            refuse(res, admission.reason);
            return;
          case 'abandoned':
            return;
        }
      });
  };
}

function refuse(res: Response, reason: RefusalReason): void {
  const body: ErrorBody = { statusCode: 503, message: MESSAGES[reason], code: 'overloaded' };
  res.status(503).set('Retry-After', String(OVERLOADED_RETRY_AFTER_SECONDS)).json(body);
}

/** Refusals come in floods: one warning per interval says how many, not one line each. */
function countedRefusals(logger: Logger, state: () => Record<string, number>) {
  let counts: Partial<Record<RefusalReason, number>> = {};
  let since = 0;
  return {
    count(reason: RefusalReason) {
      counts[reason] = (counts[reason] ?? 0) + 1;
      const now = Date.now();
      if (now - since < REFUSAL_LOG_INTERVAL_MS) return;
      logger.warn({ refused: counts, ...state() }, 'overloaded: refusing requests (503 overloaded)');
      counts = {};
      since = now;
    },
  };
}

/**
 * Never refused: the health probes (an orchestrator must see a shedding process alive and ready,
 * or it would restart the instance that still serves), `/metrics` (the figures of the overload
 * itself) and the console's static files.
 */
export function neverShed(path: string): boolean {
  return (
    path === '/healthz' ||
    path === '/readyz' ||
    path === METRICS_PATH ||
    path === CONSOLE_PATH ||
    path.startsWith(`${CONSOLE_PATH}/`)
  );
}
