import { newId, reservedId, type IdKind } from '@outreach/db';
import { Router, type Request, type Response, type Router as ExpressRouter } from 'express';
import type { AppDeps } from '../app-deps.js';
import { AUDITED_OPERATIONS } from '../audit/audited-operations.js';
import { createAuditTrail, type AuditTrail } from '../audit/audit-trail.js';
import { accessGuard, type AccessGuardDeps } from '../auth/access-guard.js';
import { createApiKeyResolver, type Caller } from '../auth/api-key-cache.js';
import { accessOf, type KeyPrincipal } from '../auth/principal.js';
import { rateLimitPerApiKey } from '../http/rate-limit.middleware.js';
import { creationIdOf, idempotency } from '../http/idempotency.middleware.js';
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
import { leadImportRoutes } from './lead-imports.routes.js';
import { leadFileRoutes } from './lead-files.routes.js';
import { peopleRoutes } from './people.routes.js';
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
  const resolver = createApiKeyResolver<KeyPrincipal & Caller>({
    cacheMs: deps.settings.apiKeyCacheMs,
    // HTTP time: a key is trusted for real milliseconds, however fast the product clock runs.
    now: () => deps.realClock().getTime(),
    lookup: async (hash) => {
      const key = await deps.db.apiKeys.findActiveByHash(hash, deps.realClock());
      if (!key) return null;
      // Only on a cache miss, so a busy key costs one write per cache period, not per request.
      void deps.db.apiKeys
        .touchLastUsed(key.workspaceId, key.id, deps.productClock())
        .catch((error: unknown) => {
          deps.logger.warn({ err: error, apiKeyId: key.id }, 'could not record API key use');
        });
      return {
        kind: 'key',
        keyId: key.id,
        apiKeyId: key.id,
        name: key.name,
        workspaceId: key.workspaceId,
        role: key.role,
      };
    },
  });
  const audit = createAuditTrail(deps.db, deps.logger, deps.realClock);
  const guardDeps: AccessGuardDeps = {
    db: deps.db,
    sessions: deps.people.sessions,
    resolveKey: (plaintext) => resolver.resolve(plaintext),
    origins: deps.people.origins,
    demoKeyFile: deps.settings.demoKeyFile,
    recordDenied: (access, req, details) =>
      audit.record(access, {
        action: 'access.denied',
        outcome: 'refused',
        target: { type: 'operation', id: `${req.method} ${req.baseUrl}${req.route?.path ?? req.path}` },
        details,
      }),
  };
  const rateLimit = rateLimitPerApiKey({
    limitPerMinute: deps.settings.rateLimitPerMinute,
    realClock: deps.realClock,
    counters: {
      hit: (key, windowMs, realNow) => deps.db.rateLimits.incrementFixedWindow(key, { realNow, windowMs }),
    },
  });
  const route = createRouteHelper<OperationContext>(router, {
    guards: (permission) => [accessGuard(guardDeps, permission), rateLimit],
    idempotent: [idempotency({ store: deps.db.idempotencyKeys, realClock: deps.realClock })],
    context: (req, res) => operationContext(deps, audit, req, res),
    after: async (operation, input, reply, res) => {
      const describe = AUDITED_OPERATIONS[operation];
      if (!describe) return;
      const body = (typeof reply.body === 'object' && reply.body !== null ? reply.body : {}) as Record<
        string,
        unknown
      >;
      const fact = describe(input as Parameters<typeof describe>[0], body);
      if (fact !== null) await audit.record(accessOf(res), fact);
    },
  });

  peopleRoutes(route);
  campaignRoutes(route);
  sequenceRoutes(route);
  aiToolRoutes(route);
  leadRoutes(route);
  leadImportRoutes(route);
  leadFileRoutes(route);
  blockRoutes(route);
  accountRoutes(route);
  conversationRoutes(route);
  analyticsRoutes(route);
  hookRoutes(route);

  return { router, registered: route.registered };
}

/**
 * What an operation receives. `workspaceId` is there for workspace operations only (the guard set
 * it from the key or from a membership); reading it elsewhere is a programming error.
 */
function operationContext(deps: AppDeps, audit: AuditTrail, req: Request, res: Response): OperationContext {
  const access = accessOf(res);
  const context = {
    db: deps.db,
    productClock: deps.productClock,
    realClock: deps.realClock,
    log: req.log,
    settings: deps.settings,
    provider: deps.provider,
    access,
    audit,
    creationId: (kind: IdKind) => {
      const reserved = creationIdOf(res);
      return reserved === null ? newId(kind) : reservedId(kind, reserved);
    },
    people: {
      directory: deps.people.directory,
      mailer: deps.people.mailer,
      request: req,
      publicUrl: deps.people.origins.publicUrl,
    },
  };
  return Object.defineProperty(context, 'workspaceId', {
    enumerable: true,
    get() {
      if (access.workspaceId === null)
        throw new Error('workspace read by an operation outside any workspace');
      return access.workspaceId;
    },
  }) as OperationContext;
}
