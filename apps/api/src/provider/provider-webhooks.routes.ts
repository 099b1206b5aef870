import { Router, type RequestHandler } from 'express';
import type { AppDeps } from '../app-deps.js';
import { HttpError } from '../http/http-error.js';
import { jsonBody } from '../http/json-body.middleware.js';
import { completeAccountLink } from './complete-account-link.js';
import { ingestProviderWebhook } from './ingest-provider-event.js';
import { DEFAULT_WEBHOOK_SECRET_HEADER, secretMatches } from './webhook-secret.js';

export const PROVIDER_WEBHOOKS_PATH = '/provider-webhooks';

/**
 * What the network provider calls, outside `/v1` (it holds no API key): its webhooks,
 * authenticated by the secret header set on each webhook, and the hosted-auth callback,
 * authenticated by the signed state in its URL. Both store the event before answering.
 */
export function providerWebhookRoutes(deps: AppDeps): Router {
  const router = Router();
  const provider = deps.provider;
  const secret = provider?.webhookSecret ?? '';
  const header = (provider?.webhookSecretHeader ?? DEFAULT_WEBHOOK_SECRET_HEADER).toLowerCase();

  // Checked before the body is read: an unauthenticated caller costs nothing.
  const requireSecret: RequestHandler = (req, _res, next) => {
    if (!secretMatches(req.get(header), secret)) {
      next(new HttpError(401, `missing or invalid ${header} header`, { code: 'invalid_webhook_secret' }));
      return;
    }
    next();
  };

  router.post('/unipile', requireSecret, ...jsonBody(), async (req, res) => {
    const result = await ingestProviderWebhook({ ...deps, network: provider?.network ?? null }, req.body);
    res.status(200).json(result);
  });

  router.post('/unipile/accounts', ...jsonBody(), async (req, res) => {
    const token = typeof req.query['state'] === 'string' ? req.query['state'] : '';
    const result = await completeAccountLink(
      { ...deps, secret, network: provider?.network ?? null },
      token,
      req.body,
    );
    res.status(200).json(result);
  });
  return router;
}
