import { Router } from 'express';
import { HttpError } from './http-error.js';

export interface HealthDeps {
  /** Resolves when the database answers a ping; rejects or hangs when it does not. */
  pingDatabase: () => Promise<void>;
  /** True once shutdown began: load balancers should stop sending traffic. */
  isShuttingDown?: () => boolean;
  readinessTimeoutMs?: number;
}

/** Liveness (`/healthz`: the process answers) and readiness (`/readyz`: the database answers). */
export function healthRoutes(deps: HealthDeps): Router {
  const router = Router();
  const timeoutMs = deps.readinessTimeoutMs ?? 2_000;

  router.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });

  router.get('/readyz', async (_req, res) => {
    if (deps.isShuttingDown?.()) throw notReady('shutting down');
    try {
      await withTimeout(deps.pingDatabase(), timeoutMs);
    } catch {
      throw notReady('database unreachable');
    }
    res.json({ status: 'ready' });
  });

  return router;
}

function notReady(reason: string): HttpError {
  return new HttpError(503, `not ready: ${reason}`, { code: 'not_ready' });
}

function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
