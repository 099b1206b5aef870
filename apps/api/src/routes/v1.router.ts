import { asWorkspaceId } from '@outreach/db';
import { Router, type Router as ExpressRouter } from 'express';
import type { AppDeps } from '../app-deps.js';
import { createApiKeyResolver, type Caller } from '../auth/api-key-cache.js';
import { authenticate, callerOf } from '../auth/authenticate.middleware.js';
import { rateLimitPerApiKey } from '../http/rate-limit.middleware.js';
import { idempotency } from '../http/idempotency.middleware.js';
import { createRouteHelper } from '../http/route.js';
import type { OperationContext } from '../operations/context.js';
import { accountRoutes } from './accounts.routes.js';
import { aiToolRoutes } from './ai-tools.routes.js';
import { analyticsRoutes } from './analytics.routes.js';
import { blockRoutes } from './blocks.routes.js';
import { campaignRoutes } from './campaigns.routes.js';
import { conversationRoutes } from './conversations.routes.js';
import { hookRoutes } from './hooks.routes.js';
import { leadRoutes } from './leads.routes.js';
import { sequenceRoutes } from './sequence.routes.js';

/**
 * Every `/v1` operation. Each route authenticates, then counts against its key's rate limit, then
 * reads and validates its input; unknown paths fall through to the app's 404.
 */
export interface V1Routes {
  router: ExpressRouter;
  /** Every registered operation with its method and path, for checks against the contract. */
  registered: ReadonlyArray<{ operation: string; method: string; path: string }>;
}

export function v1Router(deps: AppDeps): V1Routes {
  const router = Router();
  const resolver = createApiKeyResolver<Caller>({
    cacheMs: deps.settings.apiKeyCacheMs,
    // HTTP time: a key is trusted for real milliseconds, however fast the product clock runs.
    now: () => deps.realClock().getTime(),
    lookup: async (hash) => {
      const key = await deps.db.apiKeys.findActiveByHash(hash);
      if (!key) return null;
      // Only on a cache miss, so a busy key costs one write per cache period, not per request.
      void deps.db.apiKeys
        .touchLastUsed(key.workspaceId, key.id, deps.productClock())
        .catch((error: unknown) => {
          deps.logger.warn({ err: error, apiKeyId: key.id }, 'could not record API key use');
        });
      return { apiKeyId: key.id, workspaceId: key.workspaceId };
    },
  });
  const route = createRouteHelper<OperationContext>(router, {
    guards: [
      authenticate(resolver, { demoKeyFile: deps.settings.demoKeyFile }),
      rateLimitPerApiKey({
        limitPerMinute: deps.settings.rateLimitPerMinute,
        realClock: deps.realClock,
        counters: {
          hit: (key, windowMs, realNow) =>
            deps.db.rateLimits.incrementFixedWindow(key, { realNow, windowMs }),
        },
      }),
    ],
    idempotent: [idempotency({ store: deps.db.idempotencyKeys, realClock: deps.realClock })],
    context: (req, res) => ({
      workspaceId: asWorkspaceId(callerOf(res).workspaceId),
      db: deps.db,
      productClock: deps.productClock,
      realClock: deps.realClock,
      log: req.log,
      settings: deps.settings,
      provider: deps.provider,
    }),
  });

  campaignRoutes(route);
  sequenceRoutes(route);
  aiToolRoutes(route);
  leadRoutes(route);
  blockRoutes(route);
  accountRoutes(route);
  conversationRoutes(route);
  analyticsRoutes(route);
  hookRoutes(route);

  return { router, registered: route.registered };
}
