import type { Request, RequestHandler, Response } from 'express';

/** Requests no route took (a 404, an `OPTIONS`, a refusal before routing): one label value. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Notes the route template of the route that took the request (`/v1/campaigns/:campaignId`), while
 * Express still knows the router's mount path: once an error leaves the router, `req.baseUrl` is
 * back to the app's. The route helper puts it first on every operation.
 */
export const stampRouteTemplate: RequestHandler = (req, res, next) => {
  if (req.route !== undefined) res.locals['routeTemplate'] = `${req.baseUrl}${String(req.route.path)}`;
  next();
};

/**
 * The route template of an answered request, for metrics: the one stamped, else the matched
 * route's (health, docs, webhooks), else `unmatched`. Never the URL the client sent.
 */
export function routeTemplateOf(req: Request, res: Response): string {
  const stamped: unknown = res.locals['routeTemplate'];
  if (typeof stamped === 'string') return stamped;
  if (req.route !== undefined) return `${req.baseUrl}${String(req.route.path)}`;
  return UNMATCHED_ROUTE;
}
