import { openApiDocument } from '@outreach/contract';
import express, { type Express } from 'express';
import type { AppDeps } from './app-deps.js';
import { CONSOLE_PATH, consoleRoutes } from './http/console.routes.js';
import { docsRoutes } from './http/docs.routes.js';
import { errorHandler, notFoundHandler } from './http/error.middleware.js';
import { healthRoutes } from './http/health.routes.js';
import { httpMetrics } from './http/http-metrics.middleware.js';
import { loadShedding, neverShed } from './http/load-shedding.middleware.js';
import { metricsRoutes } from './http/metrics.routes.js';
import { optionsHandler } from './http/options.middleware.js';
import { securityHeaders } from './http/security-headers.middleware.js';
import { requestLogger } from './http/request-logger.middleware.js';
import { PROVIDER_WEBHOOKS_PATH, providerWebhookRoutes } from './provider/provider-webhooks.routes.js';
import { v1Router } from './routes/v1.router.js';
import { authRoutes } from './auth/auth-routes.js';
import { AUTH_BASE_PATH } from './auth/better-auth.js';
import { stampClientIp } from './auth/client-ip.js';

/**
 * The HTTP app: security headers, request metrics, request ids and logs, `OPTIONS`, health probes,
 * `/metrics` (behind its token, when configured), the contract and its docs, the operator console (when built and configured), the `/v1` operations, then one 404 and one error handler so every failure has the same
 * JSON shape. `createHttpServer` wraps it with deadlines and answers the parser's refusals alike.
 */
export function createApp(deps: AppDeps): Express {
  const app = express();
  app.disable('x-powered-by');
  // Responses are per-request API answers, not cacheable documents.
  app.set('etag', false);

  app.use(securityHeaders());
  if (deps.metrics) app.use(httpMetrics(deps.metrics.api));
  app.use(requestLogger(deps.logger));
  // Every route sees the client address as Express computed it, never a header the client sent.
  app.use(stampClientIp());
  // Before any work of a request (sign-in's hashing included): refused early, a request costs little.
  if (deps.settings.loadShedding)
    app.use(loadShedding({ settings: deps.settings.loadShedding, exempt: neverShed, logger: deps.logger }));
  // The authentication library reads its own bodies: mounted before any JSON parser.
  app.all(`${AUTH_BASE_PATH}/*splat`, authRoutes(deps.people.auth));
  app.use(optionsHandler(openApiDocument));
  app.use(
    healthRoutes({
      pingDatabase: deps.pingDatabase,
      ...(deps.isShuttingDown ? { isShuttingDown: deps.isShuttingDown } : {}),
    }),
  );
  // Outside `/v1`: a scraper holds a token of its own, not an API key (none: not served here).
  if (deps.metrics?.token) app.use(metricsRoutes(deps.metrics.api.registry, deps.metrics.token));
  app.use(docsRoutes(openApiDocument, { demoKeyFile: deps.settings.demoKeyFile }));
  if (deps.consoleDir) app.use(CONSOLE_PATH, consoleRoutes(deps.consoleDir));
  app.use(PROVIDER_WEBHOOKS_PATH, providerWebhookRoutes(deps));
  app.use('/v1', v1Router(deps).router);
  app.use(notFoundHandler());
  app.use(errorHandler());
  return app;
}
