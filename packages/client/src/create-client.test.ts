// De-risks the client's own behaviour against a real HTTP server: the API key is sent, 429/503
// are retried as the server asks, and failures surface as typed errors with the server's message.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createOutreachClient, unwrap } from './create-client.js';
import { newIdempotencyKey } from './idempotency-key.js';
import {
  AuthenticationError,
  ConflictError,
  NotFoundError,
  RateLimitedError,
  ValidationError,
} from './errors.js';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

let server: Server;
let baseUrl: string;
let handlers: Handler[] = [];
const seen: {
  method: string;
  url: string;
  apiKey: string | undefined;
  workspaceId: string | undefined;
  cookie: string | undefined;
  idempotencyKey: string | undefined;
  body: string;
}[] = [];

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({
        method: req.method ?? '',
        url: req.url ?? '',
        apiKey: req.headers['x-api-key'] as string,
        workspaceId: req.headers['x-workspace-id'] as string | undefined,
        cookie: req.headers.cookie,
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        body,
      });
      const handler = handlers.shift();
      if (handler) handler(req, res, body);
      else json(res, 500, { statusCode: 500, message: 'no handler' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  handlers = [];
  seen.length = 0;
});

const waits: number[] = [];
const client = () =>
  createOutreachClient({
    baseUrl,
    apiKey: 'key_test',
    retry: { sleep: async (ms) => void waits.push(ms), maxRetries: 2 },
  });

const campaign = { id: 'cmp_1', name: 'Q4', status: 'draft' };

describe('createOutreachClient', () => {
  it('sends the API key and JSON body and returns the typed data', async () => {
    handlers.push((_req, res) => json(res, 201, campaign));
    const created = await unwrap(client().POST('/v1/campaigns', { body: { name: 'Q4' } }));
    expect(created).toEqual(campaign);
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/campaigns', apiKey: 'key_test' });
    expect(seen[0]?.workspaceId).toBeUndefined();
    expect(JSON.parse(seen[0]?.body ?? '')).toEqual({ name: 'Q4' });
  });

  it('with a key, leaves the browser default for cookies (no credentials mode is set)', async () => {
    const credentials: Request['credentials'][] = [];
    handlers.push((_req, res) => json(res, 200, { items: [] }));
    const keyed = createOutreachClient({
      baseUrl,
      apiKey: 'key_test',
      fetch: (request) => (credentials.push(request.credentials), globalThis.fetch(request)),
    });
    await keyed.GET('/v1/sessions');
    // Node's Request defaults to same-origin as browsers do: the key mode does not change it.
    expect(credentials).toEqual([new Request(baseUrl).credentials]);
    expect(seen[0]?.apiKey).toBe('key_test');
  });

  it('in session mode sends no key, the cookie with same-origin credentials, and the workspace id', async () => {
    const credentials: Request['credentials'][] = [];
    const sessionClient = (workspaceId?: string) =>
      createOutreachClient({
        baseUrl,
        session: workspaceId === undefined ? {} : { workspaceId },
        retry: { maxRetries: 0 },
        // A browser adds the cookie itself; here the fetch stands in for it.
        fetch: (request) => {
          credentials.push(request.credentials);
          const withCookie = new Request(request, { headers: new Headers(request.headers) });
          withCookie.headers.set('cookie', 'outreach.session_token=abc');
          return globalThis.fetch(withCookie);
        },
      });
    handlers.push((_req, res) => json(res, 201, campaign));
    handlers.push((_req, res) => json(res, 200, { kind: 'user' }));
    await unwrap(sessionClient('ws_1').POST('/v1/campaigns', { body: { name: 'Q4' } }));
    await sessionClient().GET('/v1/me');
    expect(credentials).toEqual(['same-origin', 'same-origin']);
    expect(seen[0]).toMatchObject({ url: '/v1/campaigns', apiKey: undefined, workspaceId: 'ws_1' });
    expect(seen[0]?.cookie).toBe('outreach.session_token=abc');
    expect(seen[1]).toMatchObject({ url: '/v1/me', apiKey: undefined, workspaceId: undefined });
  });

  it('in session mode raises a 401 as an AuthenticationError (the session ended)', async () => {
    handlers.push((_req, res) =>
      json(res, 401, { statusCode: 401, message: 'not signed in', code: 'unauthorized' }),
    );
    const error = await createOutreachClient({ baseUrl, session: { workspaceId: 'ws_1' } })
      .GET('/v1/me')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(seen[0]?.workspaceId).toBe('ws_1');
  });

  it('retries a 429 after the Retry-After the server asked for, resending the body', async () => {
    waits.length = 0;
    handlers.push((_req, res) =>
      json(res, 429, { statusCode: 429, message: 'slow down' }, { 'retry-after': '2' }),
    );
    handlers.push((_req, res) => json(res, 201, campaign));
    await unwrap(client().POST('/v1/campaigns', { body: { name: 'Q4' } }));
    expect(waits).toEqual([2000]);
    expect(seen.map((s) => s.body)).toEqual([JSON.stringify({ name: 'Q4' }), JSON.stringify({ name: 'Q4' })]);
  });

  it('retries a 503 with backoff and raises RateLimitedError once retries are used up on 429', async () => {
    waits.length = 0;
    handlers.push((_req, res) => json(res, 503, { statusCode: 503, message: 'busy' }));
    handlers.push((_req, res) =>
      json(res, 429, { statusCode: 429, message: 'slow' }, { 'retry-after': '1' }),
    );
    handlers.push((_req, res) =>
      json(res, 429, { statusCode: 429, message: 'still slow' }, { 'retry-after': '3' }),
    );
    const error = await client()
      .GET('/v1/campaigns/{id}', { params: { path: { id: 'cmp_1' } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(3000);
    expect(waits).toEqual([500, 1000]);
    expect(seen).toHaveLength(3);
  });

  it('raises typed errors carrying the server message, code and request id', async () => {
    handlers.push((_req, res) =>
      json(
        res,
        404,
        { statusCode: 404, message: 'campaign cmp_x not found', code: 'campaign_not_found' },
        { 'x-request-id': 'req-1' },
      ),
    );
    handlers.push((_req, res) =>
      json(res, 409, { statusCode: 409, message: 'not active', code: 'campaign_not_active' }),
    );
    handlers.push((_req, res) => json(res, 400, { statusCode: 400, message: 'name: required' }));

    const notFound = await client()
      .GET('/v1/campaigns/{id}', { params: { path: { id: 'cmp_x' } } })
      .catch((e: unknown) => e);
    expect(notFound).toBeInstanceOf(NotFoundError);
    expect(notFound).toMatchObject({ status: 404, code: 'campaign_not_found', requestId: 'req-1' });
    expect((notFound as Error).message).toBe('campaign cmp_x not found');

    const conflict = await client()
      .PUT('/v1/campaigns/{campaignId}/pause', { params: { path: { campaignId: 'cmp_1' } } })
      .catch((e: unknown) => e);
    expect(conflict).toBeInstanceOf(ConflictError);

    const invalid = await client()
      .POST('/v1/campaigns', { body: { name: '' } })
      .catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(ValidationError);
  });

  it('sends the Idempotency-Key header parameter, and the same key again when it retries', async () => {
    waits.length = 0;
    handlers.push((_req, res) => json(res, 503, { statusCode: 503, message: 'busy' }));
    handlers.push((_req, res) => json(res, 201, campaign, { 'idempotent-replayed': 'true' }));
    const key = newIdempotencyKey();
    const { response } = await client().POST('/v1/campaigns', {
      params: { header: { 'Idempotency-Key': key } },
      body: { name: 'Q4' },
    });
    expect(response.headers.get('idempotent-replayed')).toBe('true');
    expect(seen.map((s) => s.idempotencyKey)).toEqual([key, key]);
    expect(newIdempotencyKey()).not.toBe(key);
  });

  it('reaches the webhook delivery log by its typed paths', async () => {
    const page = { total: 0, offset: 0, limit: 10, items: [] };
    handlers.push((_req, res) => json(res, 200, page));
    handlers.push((_req, res) => json(res, 202, { requeued: 2 }));
    const listed = await unwrap(
      client().GET('/v1/hooks/{id}/deliveries', {
        params: { path: { id: 'sub_1' }, query: { status: 'failed', limit: 10 } },
      }),
    );
    expect(listed).toEqual(page);
    const recovered = await unwrap(
      client().POST('/v1/hooks/{id}/recover', {
        params: { path: { id: 'sub_1' } },
        body: { since: '2025-06-01' },
      }),
    );
    expect(recovered.requeued).toBe(2);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET /v1/hooks/sub_1/deliveries?status=failed&limit=10',
      'POST /v1/hooks/sub_1/recover',
    ]);
  });
});
