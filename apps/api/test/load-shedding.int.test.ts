/**
 * Load shedding under a burst far above what the process may serve: the requests it cannot take
 * are answered at once with 503 `overloaded` and `Retry-After` (never left queued until the client
 * times out, never another 5xx), probes still answer, and once the burst is over the API serves
 * again. The slow requests are campaign listings held mid-way by the test, so "fast" is shown by
 * order (every refusal arrived while the slow requests were still held), not by milliseconds.
 */
import type { Db } from '@outreach/db';
import { afterEach, describe, expect, it } from 'vitest';
import { useWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

/** While set, listing campaigns waits for it: the request stays in flight. */
let hold: Promise<void> | null = null;
let releaseHold: () => void = () => undefined;
/** Listings that reached the hold. */
let held = 0;

function holdListings(db: Db): Db {
  const campaigns = new Proxy(db.campaigns, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (property !== 'list' || typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        if (hold) {
          held += 1;
          await hold;
        }
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { ...db, campaigns };
}

const limits = { maxInFlight: 4, maxQueue: 4, maxQueueWaitMs: 300, maxEventLoopDelayMs: 0 };
const app = useTestApp({ wrapDb: holdListings, loadShedding: limits });
const workspace = useWorkspace(app);
/** What a client would wait before giving up; every answer must come well before it. */
const CLIENT_TIMEOUT_MS = 30_000;
const BURST = 60;

interface Answer {
  status: number;
  retryAfter: string | null;
  body: unknown;
}

async function listCampaigns(): Promise<Answer> {
  const res = await fetch(`${app.baseUrl}/v1/campaigns`, {
    headers: { 'x-api-key': workspace.apiKey },
    signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
  });
  const text = await res.text();
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: JSON.parse(text) as unknown,
  };
}

async function until(condition: () => boolean): Promise<void> {
  for (let round = 0; round < 2_000 && !condition(); round += 1)
    await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('condition not met in time');
}

afterEach(() => {
  releaseHold();
  hold = null;
  held = 0;
});

describe('a burst far above the in-flight limit', () => {
  it('refuses what it cannot serve at once with 503 overloaded and Retry-After, serves the rest, and recovers', async () => {
    hold = new Promise<void>((resolve) => (releaseHold = resolve));
    const answers: Answer[] = [];
    const pending = Array.from({ length: BURST }, () =>
      listCampaigns().then((answer) => {
        answers.push(answer);
        return answer;
      }),
    );
    // Every request beyond the four in flight is answered while those four are still held.
    await until(() => answers.length === BURST - limits.maxInFlight);
    expect(held).toBe(limits.maxInFlight);
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(Number(answer.retryAfter)).toBeGreaterThanOrEqual(1);
      expect(answer.body).toEqual({ statusCode: 503, message: expect.any(String), code: 'overloaded' });
    }

    // Probes are never refused, however full the process is.
    expect((await fetch(`${app.baseUrl}/healthz`)).status).toBe(200);
    expect((await fetch(`${app.baseUrl}/readyz`)).status).toBe(200);

    releaseHold();
    const all = await Promise.all(pending);
    expect(all.filter((answer) => answer.status === 200)).toHaveLength(limits.maxInFlight);
    expect(all.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);

    hold = null;
    const after = await listCampaigns();
    expect(after.status).toBe(200);
  });

  it('serves queued requests when places free within the wait, and refuses none of them', async () => {
    hold = new Promise<void>((resolve) => (releaseHold = resolve));
    const inFlight = Array.from({ length: limits.maxInFlight }, () => listCampaigns());
    await until(() => held === limits.maxInFlight);
    const queued = Array.from({ length: limits.maxQueue }, () => listCampaigns());
    releaseHold();
    const answers = await Promise.all([...inFlight, ...queued]);
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(answers.length).fill(200));
  });

  it('answers a mixed burst with 2xx or 503 only, each 503 with Retry-After, and loses no place', async () => {
    const burst = await Promise.all(
      Array.from({ length: BURST }, (_, n) =>
        n % 3 === 0
          ? fetch(`${app.baseUrl}/v1/campaigns`, {
              method: 'POST',
              headers: { 'x-api-key': workspace.apiKey, 'content-type': 'application/json' },
              body: JSON.stringify({ name: `Burst ${n}` }),
              signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
            }).then(async (res) => ({
              status: res.status,
              retryAfter: res.headers.get('retry-after'),
              body: (await res.json()) as unknown,
            }))
          : listCampaigns(),
      ),
    );
    for (const answer of burst) {
      if (answer.status === 503) {
        expect(answer.retryAfter).toMatch(/^\d+$/);
        expect(answer.body).toMatchObject({ code: 'overloaded' });
      } else expect([200, 201]).toContain(answer.status);
    }
    // Every place was given back: as many slow requests as the limit are taken again at once.
    hold = new Promise<void>((resolve) => (releaseHold = resolve));
    const refill = Array.from({ length: limits.maxInFlight }, () => listCampaigns());
    await until(() => held === limits.maxInFlight);
    releaseHold();
    expect((await Promise.all(refill)).map((answer) => answer.status)).toEqual(
      Array<number>(limits.maxInFlight).fill(200),
    );
  });
});
