import { createOutreachClient, type OutreachClient } from '@outreach/client';
import createQueryHooks, { type OpenapiQueryClient } from 'openapi-react-query';
import type { paths } from '@outreach/client';

/**
 * The API lives on the console's own origin (the API serves the console at /console, so there is
 * no CORS to configure and the session cookie goes along). A console deployed alone behind a proxy
 * can point elsewhere at build time with VITE_API_BASE_URL, as long as that origin is the same one
 * to the browser.
 */
export function apiBaseUrl(): string {
  const configured = import.meta.env['VITE_API_BASE_URL'] as string | undefined;
  return configured && configured !== '' ? configured : window.location.origin;
}

export type ConsoleApi = OpenapiQueryClient<paths>;

export interface ApiClients {
  fetchClient: OutreachClient;
  api: ConsoleApi;
}

/**
 * The typed client (openapi-fetch, every non-2xx answer thrown as an OutreachApiError) and its
 * TanStack Query hooks, on the signed-in person's session cookie: with a workspace, every request
 * names it in `x-workspace-id`; without one, only the person's own routes (`/v1/me`,
 * `/v1/sessions`, setup, invitation links) answer.
 */
export function createApiClients(workspaceId?: string): ApiClients {
  const fetchClient = createOutreachClient({
    baseUrl: apiBaseUrl(),
    session: workspaceId === undefined ? {} : { workspaceId },
    // A person is waiting: one short retry of a 429/503 rather than the SDK's patient default.
    retry: { maxRetries: 1, maxDelayMs: 5_000 },
  });
  return { fetchClient, api: createQueryHooks(fetchClient) };
}
