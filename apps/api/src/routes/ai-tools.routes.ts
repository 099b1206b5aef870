import { ok } from '../http/route.js';
import { listAiTools } from '../operations/ai-tools/list-ai-tools.js';
import type { Route } from './route-types.js';

export function aiToolRoutes(route: Route): void {
  route('listAiTools', 'get', '/ai-tools', ({ query }) => Promise.resolve(ok(listAiTools(query))));
}
