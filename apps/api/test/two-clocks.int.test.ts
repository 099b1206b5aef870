/**
 * HTTP time against campaign time, with the product clock compressed as `pnpm start` does it (a day
 * in 10 s): idempotency locks, rate-limit windows and API-key trust must last real seconds, while
 * what the API records follows the compressed clock. De-risks the demo letting duplicates through
 * because a 60 s lock lasted 7 ms.
 */
import type { CampaignPage } from '@outreach/contract';
import { createScaledClock } from '@outreach/network';
import { describe, expect, it } from 'vitest';
import type { ApiResponse } from './support/api-client.js';
import { createCampaign, createWorkspace } from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';

/** `pnpm start`'s default: DEMO_DAY_SECONDS=10, so 86,400 / 10 times faster than real time. */
const DEMO_SCALE = 8_640;

function expectOneRun(answers: readonly ApiResponse[], status: number): void {
  const fresh = answers.filter((a) => a.status === status && a.headers.get('idempotent-replayed') === null);
  expect(fresh).toHaveLength(1);
  for (const answer of answers) {
    if (answer === fresh[0]) continue;
    // Each repeat is either told the first is still running, or given its stored answer.
    if (answer.status === 409) expect(answer.body).toMatchObject({ code: 'idempotency_key_in_use' });
    else {
      expect(answer.status).toBe(status);
      expect(answer.headers.get('idempotent-replayed')).toBe('true');
    }
  }
}

describe('on a compressed product clock', () => {
  const app = useTestApp({ clock: createScaledClock({ scale: DEMO_SCALE }), rateLimitPerMinute: 100_000 });

  it('creates one campaign from 20 concurrent requests with one Idempotency-Key', async () => {
    const ws = await createWorkspace(app);
    const headers = { 'idempotency-key': 'create-once' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ws.api.post('/v1/campaigns', { name: 'Demo' }, { headers })),
    );
    expectOneRun(answers, 201);
    expect((await ws.api.get<CampaignPage>('/v1/campaigns')).body.total).toBe(1);
  });

  it('adds leads once from 20 concurrent requests with one Idempotency-Key', async () => {
    const ws = await createWorkspace(app);
    const campaign = await createCampaign(ws.api);
    const body = { leads: [{ publicIdentifier: 'ada-lovelace' }, { publicIdentifier: 'grace-hopper' }] };
    const headers = { 'idempotency-key': 'add-once' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => ws.api.post(`/v1/campaigns/${campaign.id}/leads`, body, { headers })),
    );
    expectOneRun(answers, 200);
    const fresh = answers.find((a) => a.headers.get('idempotent-replayed') === null && a.status === 200);
    expect(fresh?.body).toMatchObject({ added: 2, duplicates: 0 });
    // A run after the first would have found both leads there already.
    for (const answer of answers.filter((a) => a.status === 200)) {
      expect(answer.body).toMatchObject({ added: 2, duplicates: 0 });
    }
  });
});

describe('rate limits on a compressed product clock', () => {
  const app = useTestApp({ clock: createScaledClock({ scale: DEMO_SCALE }), rateLimitPerMinute: 3 });

  it('counts requests in one real minute, however many product minutes pass', async () => {
    const ws = await createWorkspace(app);
    const statuses: number[] = [];
    // Spread over more than a product minute (7 real ms at this scale).
    for (let n = 0; n < 4; n += 1) {
      statuses.push((await ws.api.get('/v1/campaigns')).status);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
