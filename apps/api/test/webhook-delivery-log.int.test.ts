/**
 * The webhook delivery log over HTTP, with the real dispatcher delivering to a real receiver on
 * 127.0.0.1: every attempt is visible (status, duration, capped excerpt, error, next retry), a
 * manual retry re-sends with the same webhook-id, recover re-queues the failed deliveries since a
 * time, subscriptions show their health, and another workspace's ids are 404. The dispatcher's
 * clock runs ahead by `ahead` when a test needs the retry schedule to pass.
 */
import type {
  HookDelivery,
  HookDeliveryDetail,
  HookDeliveryPage,
  RecoverResult,
  Subscription,
  SubscriptionHealth,
  SubscriptionPage,
} from '@outreach/contract';
import { asWorkspaceId } from '@outreach/db';
import { DbDispatchStore, Dispatcher, HttpSender } from '@outreach/dispatcher';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addLeads,
  createCampaign,
  createWorkspace,
  unknownId,
  type TestWorkspace,
} from './support/fixtures.js';
import { useTestApp } from './support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

const HOUR = 3_600_000;
const app = useTestApp({ webhookTargets: 'loopback' });
let ahead = 0;
let dispatcher: Dispatcher;
const receivers: WebhookReceiver[] = [];

beforeAll(() => {
  dispatcher = new Dispatcher(
    {
      store: new DbDispatchStore(app.db),
      sender: new HttpSender({ targets: 'loopback', timeoutMs: 10_000 }),
      clock: () => new Date(Date.now() + ahead),
      random: () => 0.5,
      logger: pino({ level: 'silent' }),
    },
    {
      owner: 'test-dispatcher',
      concurrency: 4,
      perSubscriptionConcurrency: 2,
      pollIntervalMs: 25,
      leaseMs: 30_000,
      requestTimeoutMs: 10_000,
    },
  );
  dispatcher.start();
});
afterAll(async () => {
  await dispatcher.stop(5_000);
  await Promise.all(receivers.map((r) => r.close()));
});

async function receiver(answer: { status: number; headers?: Record<string, string>; body?: string }) {
  const started = await startWebhookReceiver(answer);
  receivers.push(started);
  return started;
}

/** Waits, polling, until `read` gives a value `done` accepts; fails after a generous bound. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let round = 0; round < 1_500; round += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('condition not met in time');
}

/** The workspace's only subscription's health once `done` accepts it (updated just after each settle). */
async function healthWhen(ws: TestWorkspace, done: (health: SubscriptionHealth) => boolean) {
  const health = await until(
    async () => (await ws.api.get<SubscriptionPage>('/v1/hooks')).body.items[0]?.health,
    (value) => value !== undefined && done(value),
  );
  return health as SubscriptionHealth;
}

/** A subscription to interested-tags and a way to fire one such event per new lead. */
async function subscribedWorkspace(url: string) {
  const ws = await createWorkspace(app);
  const subscription = (
    await ws.api.post<Subscription>('/v1/hooks/subscribe', { url, type: 'lead_tagged_interested' })
  ).body;
  const campaign = await createCampaign(ws.api);
  let leads = 0;
  const fireEvent = async () => {
    leads += 1;
    await addLeads(ws.api, campaign.id, [`lead-${leads}`]);
    const all = await app.db.leads.list(asWorkspaceId(ws.workspaceId), campaign.id);
    const lead = all.items.find((l) => l.publicIdentifier === `lead-${leads}`);
    expect((await ws.api.post(`/v1/leads/${lead?.id}/tags`, { tag: 'interested' })).status).toBe(200);
  };
  return { ws, subscription, fireEvent };
}

const deliveriesOf = (ws: TestWorkspace, subscriptionId: string, query = '') =>
  ws.api.get<HookDeliveryPage>(`/v1/hooks/${subscriptionId}/deliveries${query}`).then((r) => r.body);
const detailOf = (ws: TestWorkspace, deliveryId: string) =>
  ws.api.get<HookDeliveryDetail>(`/v1/hooks/deliveries/${deliveryId}`).then((r) => r.body);

/** The newest delivery of the subscription, once the dispatcher has fanned the event out. */
async function newestDelivery(
  ws: TestWorkspace,
  subscriptionId: string,
  count: number,
): Promise<HookDelivery> {
  const page = await until(
    () => deliveriesOf(ws, subscriptionId),
    (p) => p.total === count,
  );
  return page.items[0] as HookDelivery;
}

/** Lets the retry schedule run out: each time an attempt is logged, the dispatcher's clock jumps past the next retry. */
async function failForGood(ws: TestWorkspace, deliveryId: string): Promise<HookDeliveryDetail> {
  let seen = 0;
  return until(
    async () => {
      const detail = await detailOf(ws, deliveryId);
      if (detail.attempts.length > seen) {
        seen = detail.attempts.length;
        ahead += 12 * HOUR;
      }
      return detail;
    },
    (detail) => detail.status === 'failed',
  );
}

describe('a failing receiver, then a manual retry', () => {
  it('shows each attempt, and re-sends on request with the same webhook-id', async () => {
    const hooks = await receiver({
      status: 503,
      headers: { 'retry-after': '3600' },
      body: 'x'.repeat(5_000),
    });
    const { ws, subscription, fireEvent } = await subscribedWorkspace(hooks.url);
    await fireEvent();
    const delivery = await newestDelivery(ws, subscription.id, 1);
    const failed = await until(
      () => detailOf(ws, delivery.id),
      (d) => d.attempts.length === 1,
    );
    const [first] = failed.attempts;
    expect(failed).toMatchObject({ status: 'pending', eventType: 'lead_tagged_interested', url: hooks.url });
    expect(first).toMatchObject({ attempt: 1, statusCode: 503, error: null });
    expect(first?.responseExcerpt).toBe('x'.repeat(1024));
    expect(first?.durationMs).toBeGreaterThanOrEqual(0);
    // Retry-After: 3600 pushed the next attempt an hour out.
    expect(Date.parse(first?.nextRetryAt ?? '') - Date.parse(first?.at ?? '')).toBeGreaterThanOrEqual(HOUR);
    expect(failed.nextAttemptAt).toBe(first?.nextRetryAt);

    hooks.answer({ status: 200, body: 'thanks' });
    const retried = await ws.api.post<HookDelivery>(`/v1/hooks/deliveries/${delivery.id}/retry`);
    expect(retried.status).toBe(202);
    expect(retried.body).toMatchObject({ id: delivery.id, status: 'pending', attemptCount: 1 });
    expect(Date.parse(retried.body.nextAttemptAt ?? '')).toBeLessThan(Date.parse(first?.nextRetryAt ?? ''));

    const delivered = await until(
      () => detailOf(ws, delivery.id),
      (d) => d.status === 'delivered',
    );
    expect(
      delivered.attempts.map((a) => [a.attempt, a.statusCode, a.responseExcerpt, a.nextRetryAt]),
    ).toEqual([
      [1, 503, 'x'.repeat(1024), first?.nextRetryAt],
      [2, 200, 'thanks', null],
    ]);
    expect(hooks.received.map((r) => r.webhookId)).toEqual([delivery.eventId, delivery.eventId]);

    const health = await healthWhen(ws, (h) => h.lastSuccessAt !== null);
    expect(health).toMatchObject({ consecutiveFailures: 0, lastFailureAt: expect.any(String) });
    expect(Date.parse(health.lastSuccessAt ?? '')).toBeGreaterThan(Date.parse(first?.at ?? ''));
  });

  it('records the error of an attempt that got no answer', async () => {
    const hooks = await receiver({ status: 200 });
    await hooks.down();
    const { ws, subscription, fireEvent } = await subscribedWorkspace(hooks.url);
    await fireEvent();
    const delivery = await newestDelivery(ws, subscription.id, 1);
    const detail = await until(
      () => detailOf(ws, delivery.id),
      (d) => d.attempts.length >= 1,
    );
    expect(detail.attempts[0]).toMatchObject({ statusCode: null, responseExcerpt: null });
    expect(detail.attempts[0]?.error).toEqual(expect.any(String));
    expect(detail.attempts[0]?.nextRetryAt).toEqual(expect.any(String));
    // Retries follow every 5 s or so, so by now there may have been more than one failure.
    const health = await healthWhen(ws, (h) => h.consecutiveFailures >= 1);
    expect(health).toMatchObject({ lastSuccessAt: null, lastFailureAt: expect.any(String) });
  });
});

describe('recovering failed deliveries', () => {
  it('re-queues the failed deliveries since the given time and leaves older ones failed', async () => {
    const hooks = await receiver({ status: 500, body: 'broken' });
    const { ws, subscription, fireEvent } = await subscribedWorkspace(hooks.url);
    await fireEvent();
    const older = await newestDelivery(ws, subscription.id, 1);
    expect((await failForGood(ws, older.id)).attempts).toHaveLength(8);
    const since = new Date().toISOString();
    await fireEvent();
    const newer = await newestDelivery(ws, subscription.id, 2);
    const exhausted = await failForGood(ws, newer.id);
    expect(exhausted).toMatchObject({ failureReason: 'attempts_exhausted', nextAttemptAt: null });

    const failedPage = await deliveriesOf(ws, subscription.id, '?status=failed');
    expect(failedPage.items.map((d) => d.id)).toEqual([newer.id, older.id]);
    expect((await deliveriesOf(ws, subscription.id, '?eventType=message_received')).total).toBe(0);
    expect(await healthWhen(ws, (h) => h.consecutiveFailures === 16)).toMatchObject({ lastSuccessAt: null });

    hooks.answer({ status: 204 });
    const sent = hooks.received.length;
    const recovered = await ws.api.post<RecoverResult>(`/v1/hooks/${subscription.id}/recover`, { since });
    expect(recovered.status).toBe(202);
    expect(recovered.body).toEqual({ requeued: 1 });
    const redelivered = await until(
      () => detailOf(ws, newer.id),
      (d) => d.status === 'delivered',
    );
    expect(redelivered.attempts.at(-1)).toMatchObject({ attempt: 9, statusCode: 204 });
    expect(hooks.received.slice(sent).map((r) => r.webhookId)).toEqual([newer.eventId]);
    expect((await detailOf(ws, older.id)).status).toBe('failed');

    const everything = await ws.api.post<RecoverResult>(`/v1/hooks/${subscription.id}/recover`, {
      since: '2000-01-01',
    });
    expect(everything.body).toEqual({ requeued: 1 });
    await until(
      () => detailOf(ws, older.id),
      (d) => d.status === 'delivered',
    );
    const healthy = await healthWhen(ws, (h) => h.lastSuccessAt !== null);
    expect(healthy.consecutiveFailures).toBe(0);
  });
});

describe('tenancy and bad input', () => {
  it('answers 404 to another workspace’s subscription and delivery ids, and to unknown ones', async () => {
    const hooks = await receiver({ status: 200 });
    const { ws, subscription, fireEvent } = await subscribedWorkspace(hooks.url);
    await fireEvent();
    const delivery = await newestDelivery(ws, subscription.id, 1);
    const stranger = await createWorkspace(app);
    const api = stranger.api;
    expect((await api.get(`/v1/hooks/${subscription.id}/deliveries`)).status).toBe(404);
    expect((await api.get(`/v1/hooks/deliveries/${delivery.id}`)).status).toBe(404);
    expect((await api.post(`/v1/hooks/deliveries/${delivery.id}/retry`)).status).toBe(404);
    expect((await api.post(`/v1/hooks/${subscription.id}/recover`, { since: '2025-01-01' })).status).toBe(
      404,
    );
    expect((await ws.api.get(`/v1/hooks/deliveries/${unknownId('dlv')}`)).body).toMatchObject({
      statusCode: 404,
      code: 'delivery_not_found',
    });
    expect((await ws.api.post(`/v1/hooks/${subscription.id}/recover`, { since: 'yesterday' })).status).toBe(
      400,
    );
    expect((await ws.api.post(`/v1/hooks/${subscription.id}/recover`, {})).status).toBe(400);
    expect((await ws.api.get(`/v1/hooks/${subscription.id}/deliveries?status=lost`)).status).toBe(400);
  });

  it('refuses to retry a delivery whose subscription was removed', async () => {
    const hooks = await receiver({ status: 200 });
    const { ws, subscription, fireEvent } = await subscribedWorkspace(hooks.url);
    await fireEvent();
    const delivery = await newestDelivery(ws, subscription.id, 1);
    await until(
      () => detailOf(ws, delivery.id),
      (d) => d.status === 'delivered',
    );
    await ws.api.delete('/v1/hooks/unsubscribe', { url: hooks.url, type: 'lead_tagged_interested' });
    const res = await ws.api.post(`/v1/hooks/deliveries/${delivery.id}/retry`);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'subscription_removed' });
    expect((await ws.api.get<HookDeliveryDetail>(`/v1/hooks/deliveries/${delivery.id}`)).body.status).toBe(
      'delivered',
    );
  });
});
