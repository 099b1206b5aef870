/**
 * Two API instances over one database, as behind a load balancer: every limit a client meets is
 * counted in the database, so spreading requests over instances gains nothing. A key's rate limit
 * is reached at the same total whether its requests alternate between the instances or all go to
 * one; an Idempotency-Key used on one instance is replayed by the other; failed sign-ins counted by
 * one instance hold the address back on the other; and the authentication library's own request
 * limit is shared too. Each check fails if its counter lived in a process's memory.
 */
import { asWorkspaceId } from '@outreach/db';
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from './support/api-client.js';
import { createWorkspace } from './support/fixtures.js';
import { call, setupOwner, signIn, type SignedInPerson } from './support/people.js';
import { useTestApp, type TestApp } from './support/test-app.js';

const LIMIT = 6;
const first = useTestApp({ rateLimitPerMinute: LIMIT });
const second = useTestApp({ rateLimitPerMinute: LIMIT });
const instances = () => [first, second];

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Windows are fixed wall-clock minutes: a test starts with at least 15 s left in its minute, far
 * more than its few requests take, so they all fall in one window.
 */
async function startOfUsableWindow(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await pause(60_000 - intoMinute + 50);
}

/** How many requests a key got answered before its first 429, picking the instance per request. */
async function requestsBefore429(apiKey: string, instanceFor: (n: number) => TestApp): Promise<number> {
  for (let n = 0; n < LIMIT * 3; n += 1) {
    const res = await new ApiClient(instanceFor(n).baseUrl, apiKey).get('/v1/campaigns');
    if (res.status === 429) return n;
    expect(res.status).toBe(200);
  }
  throw new Error('never limited');
}

describe('the rate limit of an API key', () => {
  beforeEach(startOfUsableWindow, 30_000);

  it('is reached at the same total when requests alternate between two instances as on one', async () => {
    const alone = await createWorkspace(first);
    const spread = await createWorkspace(first);
    const onOne = await requestsBefore429(alone.apiKey, () => first);
    const onBoth = await requestsBefore429(spread.apiKey, (n) => instances()[n % 2] as TestApp);
    expect(onOne).toBe(LIMIT);
    expect(onBoth).toBe(onOne);
    // Limited on both instances alike, whichever took the last request.
    for (const instance of instances())
      expect((await new ApiClient(instance.baseUrl, spread.apiKey).get('/v1/campaigns')).status).toBe(429);
  });
});

describe('an Idempotency-Key', () => {
  beforeEach(startOfUsableWindow, 30_000);

  it('used on one instance is replayed by the other, and the campaign is created once', async () => {
    const ws = await createWorkspace(first);
    const key = { headers: { 'idempotency-key': 'one-campaign-two-instances' } };
    const created = await ws.api.post('/v1/campaigns', { name: 'Made once' }, key);
    expect(created.status).toBe(201);
    expect(created.headers.get('idempotent-replayed')).toBeNull();

    const replayed = await new ApiClient(second.baseUrl, ws.apiKey).post(
      '/v1/campaigns',
      { name: 'Made once' },
      key,
    );
    expect(replayed.status).toBe(201);
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(created.body);
    const page = await first.db.campaigns.list(asWorkspaceId(ws.workspaceId), { limit: 10 });
    expect(page.total).toBe(1);
  });
});

describe('sign-in throttling', () => {
  let owner: SignedInPerson;

  it('counts failures on both instances against one address: the 6th attempt is refused on either', async () => {
    owner = await setupOwner(first);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const instance = instances()[attempt % 2] as TestApp;
      expect((await signIn(instance, owner.email, 'a wrong password of the test')).status).toBe(401);
    }
    for (const instance of instances()) {
      const held = await signIn(instance, owner.email, owner.password);
      expect(held.status).toBe(429);
      expect(held.cookie).toBeNull();
      expect(Number(held.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    await first.db.authFailures.clear('ip:127.0.0.1');
    await first.db.authFailures.clear(`account:${owner.email}`);
    expect((await signIn(second, owner.email, owner.password)).status).toBe(200);
  });
});

describe("the authentication library's request limit", () => {
  it('counts requests to its routes on both instances in one window', async () => {
    // better-auth's own limit (300 requests a minute per address and path, kept in the database):
    // half of them on each instance still reach it.
    const answers: number[] = [];
    for (let n = 0; n < 302 && !answers.includes(429); n += 1) {
      const instance = instances()[n % 2] as TestApp;
      const res = await call(instance, {}, 'GET', '/api/auth/get-session');
      answers.push(res.status);
    }
    expect(answers.indexOf(429)).toBe(300);
    expect(answers.slice(0, 300).every((status) => status === 200)).toBe(true);
  });
});
