/**
 * The HTTP edge every route shares: probes, the contract and its docs, request ids, the one error
 * shape (malformed JSON, wrong content type, oversized bodies, unknown routes, unexpected failures),
 * and authentication by API key.
 */
import type { Db } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import { useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const app = useTestApp();
const workspace = useWorkspace(app);

function expectErrorShape(body: unknown, statusCode: number): void {
  expect(body).toMatchObject({ statusCode, message: expect.any(String) });
  expect(JSON.stringify(body)).not.toMatch(/at .+\.(ts|js):\d+/);
}

describe('probes and documentation', () => {
  it('answers /healthz without a key', async () => {
    const res = await app.anonymous.get('/healthz', { anonymous: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('answers /readyz with ready when the database answers', async () => {
    const res = await app.anonymous.get('/readyz', { anonymous: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ready' });
  });

  it('serves the OpenAPI document at /v1/openapi.json without a key', async () => {
    const res = await app.anonymous.get<{ openapi: string; info: { version: string } }>('/v1/openapi.json', {
      anonymous: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\.1/);
    expect(res.body.info.version).toBe('1.0.0');
  });

  it('serves interactive docs at /docs with their assets from the package, not a CDN', async () => {
    const redirect = await fetch(`${app.baseUrl}/docs`, { redirect: 'manual' });
    expect(redirect.status).toBe(301);
    expect(redirect.headers.get('location')).toBe('/docs/');
    const page = await fetch(`${app.baseUrl}/docs/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui');
    expect(html).not.toMatch(/https?:\/\/(cdn|unpkg)/);
    const init = await fetch(`${app.baseUrl}/docs/swagger-ui-init.js`);
    expect(await init.text()).toContain('Outreach campaign service API');
    const bundle = await fetch(`${app.baseUrl}/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
  });
});

describe('request ids', () => {
  it('echoes a caller-supplied x-request-id', async () => {
    const res = await workspace.api.get('/v1/campaigns', { headers: { 'x-request-id': 'trace-42' } });
    expect(res.headers.get('x-request-id')).toBe('trace-42');
  });

  it('makes one when none (or an unusable one) is sent', async () => {
    const plain = await workspace.api.get('/v1/campaigns');
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const hostile = await workspace.api.get('/v1/campaigns', {
      headers: { 'x-request-id': 'a b\tc'.repeat(50) },
    });
    expect(hostile.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('authentication', () => {
  it('refuses a request without a key with 401', async () => {
    const res = await workspace.api.get('/v1/campaigns', { anonymous: true });
    expect(res.status).toBe(401);
    expectErrorShape(res.body, 401);
  });

  it('refuses an unknown key with 401', async () => {
    const res = await workspace.api.withKey('okey_not-a-real-key').get('/v1/campaigns');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, message: 'invalid API key' });
  });

  it('checks the key before reading the body', async () => {
    const res = await workspace.api.post('/v1/campaigns', undefined, {
      anonymous: true,
      raw: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(401);
  });
});

describe('the error shape', () => {
  it('answers malformed JSON with 400 and changes nothing', async () => {
    const res = await workspace.api.post('/v1/campaigns', undefined, {
      raw: '{"name": "Broken",',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, code: 'malformed_json' });
    const list = await workspace.api.get<{ total: number }>('/v1/campaigns');
    expect(list.body.total).toBe(0);
  });

  it('answers a body that is not declared as JSON with 415', async () => {
    const res = await workspace.api.post('/v1/campaigns', undefined, {
      raw: 'name=Plain',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(415);
    expectErrorShape(res.body, 415);
    const missingType = await workspace.api.post('/v1/campaigns', undefined, { raw: '{"name":"No type"}' });
    expect(missingType.status).toBe(415);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const huge = JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10) });
    const res = await workspace.api.post('/v1/campaigns', undefined, {
      raw: huge,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expectErrorShape(res.body, 413);
  });

  it('answers wrong types and unknown fields with 400 naming the fields', async () => {
    const res = await workspace.api.post<{ message: string; details: Array<{ path: string }> }>(
      '/v1/campaigns',
      {
        name: 42,
        colour: 'red',
      },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('name');
    expect(res.body.details.map((d) => d.path)).toEqual(expect.arrayContaining(['name', 'colour']));
  });

  it('refuses query parameters an operation does not take with 400', async () => {
    const res = await workspace.api.get<{ details: Array<{ path: string }> }>(
      `/v1/campaigns/cmp_${'0'.repeat(24)}?expand=steps`,
    );
    expect(res.status).toBe(400);
    expect(res.body.details.map((d) => d.path)).toEqual(['expand']);
  });

  it('answers an unknown route with a JSON 404, never an HTML page', async () => {
    const res = await workspace.api.get('/v1/nothing-here', { validate: false });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expectErrorShape(res.body, 404);
    const root = await app.anonymous.get('/', { anonymous: true, validate: false });
    expect(root.status).toBe(404);
  });

  it('answers an undecodable path parameter with 400', async () => {
    const res = await workspace.api.get('/v1/campaigns/%E0%A4%A', { validate: false });
    expect(res.status).toBe(400);
    expectErrorShape(res.body, 400);
  });
});

describe('unexpected failures', () => {
  const failing = useTestApp({
    wrapDb: (db) => withFailingCampaignList(db),
    pingDatabase: () => Promise.reject(new Error('connection refused')),
  });
  const failingWorkspace = useWorkspace(failing);

  it('answers 500 with a generic message and the request id, nothing internal', async () => {
    const res = await failingWorkspace.api.get<{ message: string }>('/v1/campaigns', {
      headers: { 'x-request-id': 'boom-1' },
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      statusCode: 500,
      message: 'internal server error (request id boom-1)',
      code: 'internal_error',
      details: { requestId: 'boom-1' },
    });
    expect(res.body.message).not.toContain('secret');
  });

  it('reports not ready with 503 when the database does not answer', async () => {
    const res = await failing.anonymous.get('/readyz', { anonymous: true });
    expect(res.status).toBe(503);
    expectErrorShape(res.body, 503);
  });
});

/** The database as the app sees it, with the campaign list failing like a driver bug would. */
function withFailingCampaignList(db: Db): Db {
  const campaigns = new Proxy(db.campaigns, {
    get(target, property, receiver) {
      if (property === 'list') return () => Promise.reject(new TypeError('secret internals exploded'));
      const value: unknown = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { ...db, campaigns };
}
