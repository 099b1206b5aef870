import type { createRouteHelper } from '../http/route.js';
import type { OperationContext } from '../operations/context.js';

/** The route helper as the resource route files use it. */
export type Route = ReturnType<typeof createRouteHelper<OperationContext>>;
