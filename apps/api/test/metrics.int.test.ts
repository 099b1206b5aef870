/**
 * De-risks what an operator's scraper sees of the API: `/metrics` only for a bearer of the token
 * on the main port (and on the metrics port of its own), request counts and latencies labelled by
 * route template, never by URL or id, and the refusals (401, 429) and not-found answers counted
 * as they happen. Runs the API as deployed, in a process of its own.
 */
import { connectDb, type Db } from '@outreach/db';
import { testDatabaseUri } from '@outreach/mongo-testkit/vitest';
import { labelOffences, parseExposition, sampleValue, type Sample } from '@outreach/telemetry/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiProcess, type ApiProcess } from './support/api-process.js';
import { createWorkspace } from './support/fixtures.js';
import { startTestApp } from './support/test-app.js';

const TOKEN = 'metrics-token-of-the-api-tests-0123';
/** The label names the API's own metrics may carry; anything else is a cardinality leak. */
const ALLOWED_LABELS = ['method', 'route', 'status_code', 'reason'];

let db: Db;
let api: ApiProcess;
let metricsPort: number;

function pause(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function scrape(url: string, token: string | null = TOKEN): Promise<Sample[]> {
  const res = await fetch(url, token === null ? {} : { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return parseExposition(await res.text());
}

beforeAll(async () => {
  db = await connectDb(testDatabaseUri());
  api = await startApiProcess({
    MONGODB_URI: testDatabaseUri(),
    METRICS_TOKEN: TOKEN,
    METRICS_PORT: '0',
    RATE_LIMIT_PER_MINUTE: '3',
  });
  metricsPort = await api.loggedNumber('metricsPort');
});

afterAll(async () => {
  if (api) expect(await api.stop()).toBe(0);
  await db.close();
});

describe('the API metrics', () => {
  it('serves /metrics on the main port to a bearer of the token only', async () => {
    const base = `http://127.0.0.1:${api.port}/metrics`;
    const none = await fetch(base);
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ statusCode: 401, code: 'unauthorized' });
    const wrong = await fetch(base, { headers: { authorization: 'Bearer not-the-metrics-token-at-all' } });
    expect(wrong.status).toBe(401);
    // A valid API key is no way in either: the endpoint is not behind the /v1 access guard.
    const workspace = await createWorkspace({ db, baseUrl: `http://127.0.0.1:${api.port}` } as never);
    expect((await fetch(base, { headers: { 'x-api-key': workspace.apiKey } })).status).toBe(401);
    const samples = await scrape(base);
    expect(sampleValue(samples, 'process_start_time_seconds')).toBeGreaterThan(0);
  });

  it('counts requests by route template and status, and refusals apart, as they happen', async () => {
    // The rate limit counts fixed minutes: start with time left in this one for the few requests.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await pause(60_000 - intoMinute + 50);
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    const before = await scrape(metricsUrl, null);
    const base = `http://127.0.0.1:${api.port}`;
    const workspace = await createWorkspace({ db, baseUrl: base } as never);
    const key = { 'x-api-key': workspace.apiKey };

    const statuses = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await fetch(`${base}/v1/campaigns`, { headers: key })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await fetch(`${base}/v1/campaigns`, { headers: { 'x-api-key': 'okey_not-a-key' } })).status).toBe(
      401,
    );
    expect((await fetch(`${base}/no-such-path/cmp_65f0c2a1b3d4e5f6a7b8c9d0`)).status).toBe(404);
    const other = await createWorkspace({ db, baseUrl: base } as never);
    const missing = await fetch(`${base}/v1/campaigns/cmp_65f0c2a1b3d4e5f6a7b8c9d0`, {
      headers: { 'x-api-key': other.apiKey },
    });
    expect(missing.status).toBe(404);

    const after = await scrape(metricsUrl, null);
    const delta = (name: string, labels: Record<string, string>) =>
      sampleValue(after, name, labels) - sampleValue(before, name, labels);
    const requests = 'http_server_request_duration_seconds_count';
    expect(delta(requests, { method: 'GET', route: '/v1/campaigns', status_code: '200' })).toBe(3);
    expect(delta(requests, { method: 'GET', route: '/v1/campaigns', status_code: '429' })).toBe(1);
    expect(delta(requests, { method: 'GET', route: '/v1/campaigns', status_code: '401' })).toBe(1);
    expect(delta(requests, { route: 'unmatched', status_code: '404' })).toBe(1);
    // The campaign's id is in the URL, not in the label: the route template is.
    expect(delta(requests, { route: '/v1/campaigns/:id', status_code: '404' })).toBe(1);
    expect(delta('api_rate_limit_refusals_total', { route: '/v1/campaigns' })).toBe(1);
    expect(delta('api_auth_refusals_total', { route: '/v1/campaigns', status_code: '401' })).toBe(1);
    // Latency is a histogram: every request counted lands in the +Inf bucket and adds to the sum.
    expect(delta('http_server_request_duration_seconds_bucket', { route: '/v1/campaigns', le: '+Inf' })).toBe(
      5,
    );
    expect(delta('http_server_request_duration_seconds_sum', { route: '/v1/campaigns' })).toBeGreaterThan(0);

    // The process and the database pool are there too.
    expect(sampleValue(after, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sampleValue(after, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(sampleValue(after, 'mongodb_pool_connections')).toBeGreaterThan(0);
    expect(sampleValue(after, 'mongodb_pool_max_size')).toBeGreaterThan(0);
    expect(after.some((sample) => sample.name === 'mongodb_pool_checked_out')).toBe(true);
    expect(after.some((sample) => sample.name === 'mongodb_pool_wait_queue')).toBe(true);

    // No label carries an id, and each label takes few values.
    expect(
      labelOffences(after, { prefixes: ['http_', 'api_', 'mongodb_'], allowedLabels: ALLOWED_LABELS }),
    ).toEqual([]);
    const routes = new Set(after.filter((s) => s.name === requests).map((s) => s.labels['route']));
    expect([...routes].every((route) => route === 'unmatched' || route?.startsWith('/'))).toBe(true);
    expect(routes.size).toBeLessThan(10);
  });
});

describe('the API without METRICS_PORT or METRICS_TOKEN', () => {
  it('keeps no metrics and serves none', async () => {
    const app = await startTestApp();
    try {
      const res = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
    } finally {
      await app.close();
    }
  });
});
