/**
 * API keys and rate limits: a revoked key stops working within the key cache time; each key may
 * make a fixed number of requests a minute, counted in MongoDB so that every API instance shares
 * the count, and is answered 429 with Retry-After and RateLimit-* headers beyond it.
 */
import { asWorkspaceId } from '@outreach/db';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api-client.js';
import { createWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

const KEY_PREFIX_LENGTH = 12;

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe('API key revocation', () => {
  const app = useTestApp({ apiKeyCacheMs: 300 });

  it('honours a revocation once the key cache time has passed', async () => {
    const ws = await createWorkspace(app);
    expect((await ws.api.get('/v1/campaigns')).status).toBe(200);
    await app.db.apiKeys.revokeByPrefix(asWorkspaceId(ws.workspaceId), ws.apiKey.slice(0, KEY_PREFIX_LENGTH));
    await pause(400);
    const res = await ws.api.get('/v1/campaigns');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ statusCode: 401, message: 'invalid API key' });
  });

  it('keeps the other keys of the workspace working', async () => {
    const ws = await createWorkspace(app);
    const second = await app.db.apiKeys.create(asWorkspaceId(ws.workspaceId), { name: 'second' });
    const secondClient = ws.api.withKey(second.plaintext);
    expect((await secondClient.get('/v1/campaigns')).status).toBe(200);
    await app.db.apiKeys.revokeByPrefix(asWorkspaceId(ws.workspaceId), ws.apiKey.slice(0, KEY_PREFIX_LENGTH));
    await pause(400);
    expect((await secondClient.get('/v1/campaigns')).status).toBe(200);
    expect((await ws.api.get('/v1/campaigns')).status).toBe(401);
  });
});

/**
 * Windows are fixed wall-clock minutes. Each test starts with at least 15 s left in its minute,
 * far more than its few requests take even on a loaded machine, so they are all counted in one
 * window.
 */
async function startOfUsableWindow(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await pause(60_000 - intoMinute + 50);
}

describe('rate limiting', () => {
  const first = useTestApp({ rateLimitPerMinute: 3 });
  const second = useTestApp({ rateLimitPerMinute: 3 });
  beforeEach(startOfUsableWindow, 30_000);

  it('sends RateLimit-* headers and answers 429 with Retry-After beyond the limit, across instances', async () => {
    const ws = await createWorkspace(first);
    const onSecondInstance = new ApiClient(second.baseUrl, ws.apiKey);

    const one = await ws.api.get('/v1/campaigns');
    expect(one.status).toBe(200);
    expect(one.headers.get('ratelimit-limit')).toBe('3');
    expect(one.headers.get('ratelimit-remaining')).toBe('2');
    const reset = Number(one.headers.get('ratelimit-reset'));
    expect(reset).toBeGreaterThanOrEqual(1);
    expect(reset).toBeLessThanOrEqual(60);
    expect((await onSecondInstance.get('/v1/campaigns')).headers.get('ratelimit-remaining')).toBe('1');
    expect((await ws.api.get('/v1/accounts')).status).toBe(200);

    const limited = await onSecondInstance.get('/v1/campaigns');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(reset - 1);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(reset);
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(limited.body).toMatchObject({
      statusCode: 429,
      code: 'rate_limited',
      message: expect.any(String),
    });
    expect((await ws.api.get('/v1/campaigns')).status).toBe(429);
  });

  it('counts each key on its own', async () => {
    const busy = await createWorkspace(first);
    const calm = await createWorkspace(first);
    for (let n = 0; n < 3; n += 1) await busy.api.get('/v1/campaigns');
    expect((await busy.api.get('/v1/campaigns')).status).toBe(429);
    expect((await calm.api.get('/v1/campaigns')).status).toBe(200);
  });

  it('does not limit the probes', async () => {
    for (let n = 0; n < 5; n += 1) {
      expect((await first.anonymous.get('/healthz', { anonymous: true })).status).toBe(200);
    }
  });
});
