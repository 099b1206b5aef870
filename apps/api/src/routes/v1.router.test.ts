import { openApiDocument } from '@outreach/contract';
import type { Db } from '@outreach/db';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { PeopleDeps } from '../app-deps.js';
import { permissionOf } from '../http/route.js';
import type { OperationName } from '../http/operation-input.js';
import { v1Router } from './v1.router.js';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** `/v1/campaigns/{id}/steps` -> `/campaigns/:id/steps`, as registered under the `/v1` mount. */
function expressPath(template: string): string {
  return template.replace(/^\/v1/, '').replace(/\{([^}]+)\}/g, ':$1');
}

describe('v1Router', () => {
  it('registers exactly the /v1 operations of the contract, with their method, path and operationId', () => {
    const { registered } = v1Router({
      // Routes are only registered here; no request reaches the database.
      db: {} as Db,
      logger: pino({ level: 'silent' }),
      productClock: () => new Date(),
      realClock: () => new Date(),
      settings: { rateLimitPerMinute: 300, apiKeyCacheMs: 5000, webhookTargets: 'public' },
      pingDatabase: async () => undefined,
      people: {} as PeopleDeps,
    });
    const documented = Object.entries(openApiDocument.paths)
      .filter(([template]) => template.startsWith('/v1/') && template !== '/v1/openapi.json')
      .flatMap(([template, item]) =>
        METHODS.filter((method) => method in item).map((method) => {
          const operation = item[method] as { operationId: string };
          return `${operation.operationId} ${method} ${expressPath(template)}`;
        }),
      );
    const routes = registered.map((route) => `${route.operation} ${route.method} ${route.path}`);
    expect([...routes].sort()).toEqual([...documented].sort());
  });

  it('finds a permission in the contract for every operation it registers (deny by default)', () => {
    const { registered } = v1Router({
      db: {} as Db,
      logger: pino({ level: 'silent' }),
      productClock: () => new Date(),
      realClock: () => new Date(),
      settings: { rateLimitPerMinute: 300, apiKeyCacheMs: 0, webhookTargets: 'public' },
      pingDatabase: async () => undefined,
      people: {} as PeopleDeps,
    });
    const undeclared = registered.filter((route) => permissionOf(route.operation as OperationName) === null);
    expect(undeclared).toEqual([]);
  });
});
