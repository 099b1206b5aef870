/**
 * Webhook subscriptions: subscribe (201 new, 200 existing pair), list, unsubscribe (404 for an
 * unknown pair), and sample data: at most three recent events newest first, else a generated one.
 */
import type { Subscription, SubscriptionPage, WebhookEvent } from '@outreach/contract';
import { asWorkspaceId } from '@outreach/db';
import { EVENT_TYPES } from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import { createWorkspace, useWorkspace } from './support/fixtures.js';
import { startTestApp, useTestApp } from './support/test-app.js';

const app = useTestApp();
const ws = useWorkspace(app);

describe('subscriptions', () => {
  it('creates a subscription with a signing secret and answers 201', async () => {
    const res = await ws.api.post<Subscription>('/v1/hooks/subscribe', {
      url: 'https://hooks.example.com/accepted',
      type: 'connection_request_accepted',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      url: 'https://hooks.example.com/accepted',
      type: 'connection_request_accepted',
    });
    expect(res.body.secret).toMatch(/^whsec_/);
  });

  it('answers an existing (url, type) pair with 200 and the same subscription', async () => {
    const body = { url: 'https://hooks.example.com/replies', type: 'message_received' };
    const first = await ws.api.post<Subscription>('/v1/hooks/subscribe', body);
    const second = await ws.api.post<Subscription>('/v1/hooks/subscribe', body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const otherType = await ws.api.post('/v1/hooks/subscribe', { ...body, type: 'campaign_completed' });
    expect(otherType.status).toBe(201);
  });

  it('refuses an unknown event type, a URL that is not http(s) and unknown fields with 400', async () => {
    expect(
      (await ws.api.post('/v1/hooks/subscribe', { url: 'https://x.example', type: 'lead_created' })).status,
    ).toBe(400);
    expect(
      (await ws.api.post('/v1/hooks/subscribe', { url: 'ftp://x.example', type: 'message_received' })).status,
    ).toBe(400);
    expect(
      (await ws.api.post('/v1/hooks/subscribe', { url: 'not a url', type: 'message_received' })).status,
    ).toBe(400);
    expect(
      (
        await ws.api.post('/v1/hooks/subscribe', {
          url: 'https://x.example',
          type: 'message_received',
          secret: 's',
        })
      ).status,
    ).toBe(400);
  });

  it('refuses URLs on private or loopback addresses with 400', async () => {
    for (const url of [
      'http://127.0.0.1:9000/hook',
      'http://localhost/hook',
      'http://10.0.0.8/hook',
      'http://[::1]/hook',
    ]) {
      const res = await ws.api.post('/v1/hooks/subscribe', { url, type: 'message_received' });
      expect(res.status, url).toBe(400);
      expect(res.body).toMatchObject({ message: expect.stringContaining('private or loopback') });
    }
    expect((await ws.api.get<SubscriptionPage>('/v1/hooks')).body.total).toBe(3);
  });

  it('refuses IPv6 spellings that embed a private IPv4 address, and reserved IPv4 ranges, with 400', async () => {
    for (const url of [
      'http://[::127.0.0.1]/hook',
      'http://[::10.0.0.1]/hook',
      'http://[::169.254.169.254]/hook',
      'http://[::ffff:0:127.0.0.1]/hook',
      'http://[64:ff9b::7f00:1]/hook',
      'http://[2002:7f00:1::1]/hook',
      'http://198.18.0.1/hook',
      'http://224.0.0.1/hook',
      'http://240.0.0.1/hook',
      'http://255.255.255.255/hook',
      'http://100.64.0.1/hook',
      'http://0.0.0.0/hook',
    ]) {
      const res = await ws.api.post('/v1/hooks/subscribe', { url, type: 'message_received' });
      expect(res.status, url).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, code: 'invalid_input' });
    }
    expect((await ws.api.get<SubscriptionPage>('/v1/hooks')).body.total).toBe(3);
  });

  it('accepts loopback, and only loopback, where the deployment allows loopback targets', async () => {
    const local = await startTestApp({ webhookTargets: 'loopback' });
    try {
      const own = await createWorkspace(local);
      for (const url of [
        'http://127.0.0.1:9000/hook',
        'http://localhost:9000/hook',
        'http://[::1]:9000/hook',
      ]) {
        const res = await own.api.post('/v1/hooks/subscribe', { url, type: 'message_received' });
        expect(res.status, url).toBe(201);
      }
      for (const url of ['http://10.0.0.8/hook', 'http://192.168.1.1/hook', 'http://169.254.169.254/']) {
        const res = await own.api.post('/v1/hooks/subscribe', { url, type: 'message_received' });
        expect(res.status, url).toBe(400);
      }
    } finally {
      await local.close();
    }
  });

  it('accepts private addresses where the deployment allows them', async () => {
    const local = await startTestApp({ webhookTargets: 'any' });
    try {
      const own = await createWorkspace(local);
      const res = await own.api.post('/v1/hooks/subscribe', {
        url: 'http://127.0.0.1:9000/hook',
        type: 'message_received',
      });
      expect(res.status).toBe(201);
    } finally {
      await local.close();
    }
  });

  it('lists subscriptions with their secrets, paged', async () => {
    const res = await ws.api.get<SubscriptionPage>('/v1/hooks');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, offset: 0, limit: 50 });
    expect(res.body.items.every((s) => s.secret.startsWith('whsec_'))).toBe(true);
    const page = await ws.api.get<SubscriptionPage>('/v1/hooks?offset=2&limit=1');
    expect(page.body.items).toHaveLength(1);
  });

  it('unsubscribes an exact (url, type) pair and answers 404 for any other', async () => {
    const pair = { url: 'https://hooks.example.com/accepted', type: 'connection_request_accepted' };
    const wrongType = await ws.api.delete('/v1/hooks/unsubscribe', { ...pair, type: 'message_received' });
    expect(wrongType.status).toBe(404);
    const wrongUrl = await ws.api.delete('/v1/hooks/unsubscribe', {
      ...pair,
      url: 'https://hooks.example.com/accepted/',
    });
    expect(wrongUrl.status).toBe(404);
    const res = await ws.api.delete<{ message: string }>('/v1/hooks/unsubscribe', pair);
    expect(res.status).toBe(200);
    expect(res.body.message).toEqual(expect.any(String));
    expect((await ws.api.delete('/v1/hooks/unsubscribe', pair)).status).toBe(404);
    expect((await ws.api.get<SubscriptionPage>('/v1/hooks')).body.total).toBe(2);
    // Resubscribing is possible at any time.
    expect((await ws.api.post('/v1/hooks/subscribe', pair)).status).toBe(201);
  });
});

describe('GET /v1/hooks/perform-list', () => {
  it.each(EVENT_TYPES)(
    'answers a generated sample shaped like a real %s event when there is none',
    async (type) => {
      const res = await ws.api.get<WebhookEvent[]>(`/v1/hooks/perform-list?type=${type}`);
      expect(res.status).toBe(200);
      expect(res.body).toHaveLength(1);
      expect(res.body[0]).toMatchObject({ type, workspaceId: ws.workspaceId });
    },
  );

  it('answers at most three of the latest events of the type, newest first', async () => {
    const workspaceId = asWorkspaceId(ws.workspaceId);
    for (let n = 1; n <= 5; n += 1) {
      await app.db.events.insert(workspaceId, {
        type: 'campaign_completed',
        transitionKey: `cmp_${'0'.repeat(23)}${n}:1`,
        timestamp: new Date(`2025-06-0${n}T12:00:00Z`),
        data: {
          campaignId: `cmp_${'0'.repeat(23)}${n}`,
          name: `Campaign ${n}`,
          totalLeads: n,
          completedAt: `2025-06-0${n}T12:00:00.000Z`,
        },
      });
    }
    const res = await ws.api.get<WebhookEvent[]>('/v1/hooks/perform-list?type=campaign_completed');
    expect(res.status).toBe(200);
    expect(res.body.map((event) => event.timestamp)).toEqual([
      '2025-06-05T12:00:00.000Z',
      '2025-06-04T12:00:00.000Z',
      '2025-06-03T12:00:00.000Z',
    ]);
  });

  it('refuses a missing or unknown type with 400', async () => {
    expect((await ws.api.get('/v1/hooks/perform-list')).status).toBe(400);
    expect((await ws.api.get('/v1/hooks/perform-list?type=everything')).status).toBe(400);
  });
});
