import { exposition } from '@outreach/telemetry';
import { Router } from 'express';
import type { Registry } from 'prom-client';
import { secretMatches } from '../provider/webhook-secret.js';
import { HttpError } from './http-error.js';

export const METRICS_PATH = '/metrics';

/**
 * `GET /metrics` on the API's own port, for a scraper holding `METRICS_TOKEN` as a bearer token
 * (`Authorization: Bearer <token>`, compared in constant time). It is outside `/v1`: no API key,
 * no session, no rate limit. Mounted only when a token is configured, so the exposition is never
 * public on this port.
 */
export function metricsRoutes(registry: Registry, token: string): Router {
  const router = Router();
  router.get(METRICS_PATH, async (req, res) => {
    const presented = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1]?.trim();
    if (!secretMatches(presented, token)) {
      res.set('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new HttpError(401, 'metrics need the bearer token the API was given in METRICS_TOKEN', {
        code: 'unauthorized',
      });
    }
    const { contentType, body } = await exposition(registry);
    res.type(contentType).send(body);
  });
  return router;
}
