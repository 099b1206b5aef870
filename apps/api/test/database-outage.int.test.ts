/**
 * The API while its database is unreachable: every /v1 route answers 503 in the error shape with
 * Retry-After (the typed client retries those), never a 500, and the API recovers by itself once
 * the database is back. The outage is a TCP proxy between the app and its database, cut and
 * restored by the test.
 */
import {
  startDatabaseOutageProxy,
  testDatabaseUri,
  type DatabaseOutage,
} from '@outreach/mongo-testkit/vitest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api-client.js';
import { createCampaign, createWorkspace, type TestWorkspace } from './support/fixtures.js';
import { call, setupOwner, type SignedInPerson } from './support/people.js';
import { startTestApp, type TestApp } from './support/test-app.js';

let outage: DatabaseOutage;
let app: TestApp;
let workspace: TestWorkspace;
let campaignId: string;
let owner: SignedInPerson;

beforeAll(async () => {
  outage = await startDatabaseOutageProxy(testDatabaseUri());
  app = await startTestApp({
    databaseUri: outage.uri,
    driverOptions: { serverSelectionTimeoutMS: 1_500, heartbeatFrequencyMS: 500 },
  });
  workspace = await createWorkspace(app);
  campaignId = (await createCampaign(workspace.api)).id;
  owner = await setupOwner(app);
});

afterAll(async () => {
  outage.restore();
  await app.close();
  await outage.close();
});

/** Requests to `path` until it answers `status`, for at most `timeoutMs`. */
async function untilStatus(api: ApiClient, path: string, status: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api.get(path);
    if (res.status === status || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function expectUnavailable(res: { status: number; headers: Headers; body: unknown }, what: string): void {
  expect(res.status, what).toBe(503);
  expect(Number(res.headers.get('retry-after')), what).toBeGreaterThan(0);
  expect(res.body, what).toEqual({
    statusCode: 503,
    message: expect.any(String),
    code: 'database_unavailable',
  });
}

describe('a database outage', () => {
  it('answers 503 with Retry-After on every kind of /v1 route while the database is cut, then recovers', async () => {
    expect((await workspace.api.get('/v1/campaigns')).status).toBe(200);
    outage.cut();
    try {
      expectUnavailable(await workspace.api.get('/v1/campaigns'), 'list');
      expectUnavailable(await workspace.api.get(`/v1/campaigns/${campaignId}`), 'get');
      expectUnavailable(await workspace.api.post('/v1/campaigns', { name: 'during the outage' }), 'create');
      expectUnavailable(
        await workspace.api.patch(`/v1/campaigns/${campaignId}`, { name: 'renamed' }),
        'update',
      );
      expectUnavailable(await workspace.api.get('/v1/analytics'), 'analytics');
      // A key not yet in the cache cannot be checked either: that is an outage, not a bad key.
      const uncached = new ApiClient(app.baseUrl, 'okey_never_seen_before_0000000000');
      expectUnavailable(await uncached.get('/v1/campaigns'), 'authentication');
      // A person's session cannot be read either: an outage, never "signed out".
      const me = await call(app, { cookie: owner.cookie }, 'GET', '/v1/me');
      expectUnavailable(me, 'a session');
      const signIn = await call(app, {}, 'POST', '/api/auth/sign-in/email', {
        json: { email: owner.email, password: owner.password },
      });
      expectUnavailable(signIn, 'sign-in');
      expect((await app.anonymous.get('/readyz', { anonymous: true })).status).toBe(503);
      expect((await app.anonymous.get('/healthz', { anonymous: true })).status).toBe(200);
    } finally {
      outage.restore();
    }
    expect((await untilStatus(workspace.api, '/v1/campaigns', 200)).status).toBe(200);
    const after = await workspace.api.get<{ name: string }>(`/v1/campaigns/${campaignId}`);
    expect(after.body.name).toBe('Q3 outreach');
    expect((await app.anonymous.get('/readyz', { anonymous: true })).status).toBe(200);
  });
});
