import type { paths } from '@outreach/contract';
import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import { errorFromResponse } from './errors.js';
import { defaultSleep, retryingFetch, type RetryOptions } from './retrying-fetch.js';

export interface OutreachClientOptions {
  /** Where the service runs, e.g. `https://outreach.example.com` (paths start with `/v1`). */
  baseUrl: string;
  /** The workspace's API key, sent as `x-api-key`. */
  apiKey: string;
  retry?: Partial<RetryOptions>;
  /** A fetch implementation (defaults to the global one). */
  fetch?: (request: Request) => Promise<Response>;
}

export type OutreachClient = Client<paths>;

/** Turns every non-2xx answer into a typed error, so callers only handle success. */
const throwOnError: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await errorFromResponse(response);
    return undefined;
  },
};

/**
 * A typed client of the v1 API: paths, parameters, bodies and responses come from the OpenAPI
 * document. 429 and 503 answers are retried honouring `Retry-After`; any other failure throws an
 * `OutreachApiError` subclass.
 */
export function createOutreachClient(options: OutreachClientOptions): OutreachClient {
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { 'x-api-key': options.apiKey },
    fetch: retryingFetch(baseFetch, {
      maxRetries: options.retry?.maxRetries ?? 3,
      maxDelayMs: options.retry?.maxDelayMs ?? 30_000,
      baseDelayMs: options.retry?.baseDelayMs ?? 500,
      sleep: options.retry?.sleep ?? defaultSleep,
    }),
  });
  client.use(throwOnError);
  return client;
}

/** The data of a successful call; pairs with the throwing client so no `undefined` check is needed. */
export async function unwrap<T>(call: Promise<{ data?: T; response: Response }>): Promise<T> {
  const { data, response } = await call;
  if (data === undefined) throw new Error(`empty response body (HTTP ${response.status})`);
  return data;
}
