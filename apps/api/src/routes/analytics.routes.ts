import { ok } from '../http/route.js';
import { workspaceAnalytics } from '../operations/analytics/workspace-analytics.js';
import type { Route } from './route-types.js';

export function analyticsRoutes(route: Route): void {
  route('workspaceAnalytics', 'get', '/analytics', async ({ query }, ctx) =>
    ok(await workspaceAnalytics(ctx, query)),
  );
}
