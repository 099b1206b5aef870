import type { paths } from '@outreach/contract';
import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import { errorFromResponse } from './errors.js';
import { defaultSleep, retryingFetch, type RetryOptions } from './retrying-fetch.js';

interface CommonOptions {
  /** Where the service runs, e.g. `https://outreach.example.com` (paths start with `/v1`). */
  baseUrl: string;
  retry?: Partial<RetryOptions>;
  /** A fetch implementation (defaults to the global one). */
  fetch?: (request: Request) => Promise<Response>;
}

/** An integration: every request carries the workspace's API key. */
export interface ApiKeyClientOptions extends CommonOptions {
  /** The workspace's API key, sent as `x-api-key`. */
  apiKey: string;
  session?: never;
}

/**
 * A person signed in through `/api/auth` in a browser on the API's origin: the HttpOnly session
 * cookie goes with every request (`credentials: 'same-origin'`), no API key is sent.
 */
export interface SessionClientOptions extends CommonOptions {
  session: {
    /**
     * The workspace the requests act in, sent as `x-workspace-id` (one of those `GET /v1/me`
     * lists). Leave it out for `/v1/me`, `/v1/sessions`, `/v1/setup` and `/v1/invitation-links/*`.
     */
    workspaceId?: string;
  };
  apiKey?: never;
}

export type OutreachClientOptions = ApiKeyClientOptions | SessionClientOptions;

/** The header naming the workspace of a signed-in person's request. */
export const WORKSPACE_ID_HEADER = 'x-workspace-id';

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
 * document. It authenticates with an API key (`apiKey`) or a signed-in person's session cookie
 * (`session`, with the workspace in `x-workspace-id`). 429 and 503 answers are retried honouring `Retry-After`; any other failure throws an
 * `OutreachApiError` subclass.
 */
export function createOutreachClient(options: OutreachClientOptions): OutreachClient {
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const auth = options.session
    ? {
        headers:
          options.session.workspaceId === undefined
            ? {}
            : { [WORKSPACE_ID_HEADER]: options.session.workspaceId },
        credentials: 'same-origin' as const,
      }
    : { headers: { 'x-api-key': options.apiKey } };
  const client = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...auth,
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
