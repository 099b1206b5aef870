import type { RequestHandler } from 'express';
import type { ApiMetrics } from '../metrics/api-metrics.js';
import { routeTemplateOf } from './route-template.js';

/**
 * Times every request from its arrival to the end of its answer and counts it by method, route
 * template and status; 429s and 401/403s are counted apart as well. A request cut off before its
 * answer ended (the client went away) is not counted: it has no status.
 */
export function httpMetrics(metrics: ApiMetrics): RequestHandler {
  return (req, res, next) => {
    const end = metrics.requestDuration.startTimer();
    res.once('finish', () => {
      const route = routeTemplateOf(req, res);
      const status = res.statusCode;
      end({ method: req.method, route, status_code: String(status) });
      if (status === 429) metrics.rateLimitRefusals.inc({ route });
      else if (status === 401 || status === 403)
        metrics.authRefusals.inc({ route, status_code: String(status) });
    });
    next();
  };
}
