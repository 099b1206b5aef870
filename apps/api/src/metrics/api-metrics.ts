import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * Every metric of the API, named and labelled here and nowhere else. Labels are bounded: the
 * route is Express's route template (`/v1/campaigns/:campaignId`, never the URL a client sent),
 * `unmatched` for requests no route took; no workspace, key, campaign or lead id is a label.
 * The process metrics (event loop, heap, handles) and the MongoDB pool's come with the registry
 * (`createMetricsRegistry`, `observeMongoPool`).
 */
export interface ApiMetrics {
  registry: Registry;
  /** Every answered request, by method, route template and status. */
  requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** 429 answers: a key or person over its rate limit. */
  rateLimitRefusals: Counter<'route'>;
  /** 401 and 403 answers: no or a bad credential, or a role that does not allow the operation. */
  authRefusals: Counter<'route' | 'status_code'>;
}

/** Seconds; an API answer is expected within tens of milliseconds, a slow one within seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createApiMetrics(registry: Registry): ApiMetrics {
  return {
    registry,
    requestDuration: new Histogram({
      name: 'http_server_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by method, route template and status',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    rateLimitRefusals: new Counter({
      name: 'api_rate_limit_refusals_total',
      help: 'Requests refused with 429 because their API key or person was over the rate limit',
      labelNames: ['route'] as const,
      registers: [registry],
    }),
    authRefusals: new Counter({
      name: 'api_auth_refusals_total',
      help: 'Requests refused with 401 (no, unknown or revoked credential) or 403 (not allowed)',
      labelNames: ['route', 'status_code'] as const,
      registers: [registry],
    }),
  };
}
