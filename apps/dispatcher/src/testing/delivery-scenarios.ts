import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { createManualClock, type ManualClock } from '@outreach/network';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MS } from '../delivery/retry-schedule.js';
import type { DispatchHarness } from './dispatch-harness.js';
import {
  headerRecord,
  makeDispatcher,
  newWorkspaceId,
  onlyDelivery,
  outboxEvent,
  pass,
  type HarnessFactory,
} from './scenario-fixture.js';
import { startTestReceiver, type TestReceiver } from './test-receiver.js';

/**
 * What one delivery does, end to end through a store and a real HTTP receiver: signing, fan-out,
 * the retry schedule under an injected clock, 410, redirects and refused targets.
 */
export function deliveryScenarios(makeHarness: HarnessFactory): void {
  let harness: DispatchHarness;
  let receiver: TestReceiver;
  let clock: ManualClock;
  const workspaceId = newWorkspaceId();
  const closers: (() => void)[] = [];

  beforeEach(async () => {
    clock = createManualClock(new Date());
    harness = await makeHarness(clock);
    receiver = await startTestReceiver();
  });
  afterEach(async () => {
    for (const close of closers.splice(0)) close();
    await receiver.close();
    await harness.close();
  });

  const dispatcherFor = (setup: Parameters<typeof makeDispatcher>[2] = {}) => {
    const made = makeDispatcher(harness, clock, setup);
    closers.push(() => made.sender.close());
    return made.dispatcher;
  };
  const subscribe = (url = receiver.url, createdAt = new Date(clock().getTime() - 1_000)) =>
    harness.subscribe({ workspaceId, url, type: 'message_received', createdAt });

  describe('signing', () => {
    it('sends the envelope with Standard Webhooks headers that verify with the subscription secret', async () => {
      const { secret } = await subscribe();
      const event = await harness.publish(outboxEvent(workspaceId, clock()));
      await pass(dispatcherFor());

      const [request] = receiver.requests;
      if (!request) throw new Error('nothing received');
      const headers = headerRecord(request.headers);
      expect(new Webhook(secret).verify(request.body, headers)).toEqual({
        id: event.id,
        type: 'message_received',
        timestamp: event.occurredAt.toISOString(),
        workspaceId,
        data: event.data,
      });
      expect(headers['webhook-id']).toBe(event.id);
      // HTTP time: the real clock, whatever the test's product clock says.
      const stamped = Number(headers['webhook-timestamp']) * 1000;
      expect(Math.abs(stamped - Date.now())).toBeLessThan(2_000);
      expect(headers['content-type']).toBe('application/json');
      expect(headers['user-agent']).toMatch(/^Outreach-Webhooks\//);
      // The raw computation a receiver without the library would do.
      const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
      const signed = `${headers['webhook-id']}.${headers['webhook-timestamp']}.${request.body}`;
      expect(headers['webhook-signature']).toBe(
        `v1,${createHmac('sha256', key).update(signed).digest('base64')}`,
      );
      expect(() =>
        new Webhook(`whsec_${Buffer.from('another key').toString('base64')}`).verify(request.body, headers),
      ).toThrow();
    });

    it('records a delivered attempt with status, duration and the answer', async () => {
      await subscribe();
      await harness.publish(outboxEvent(workspaceId, clock()));
      await pass(dispatcherFor());
      const delivery = await onlyDelivery(harness);
      expect(delivery.status).toBe('delivered');
      expect(delivery.attemptLog).toEqual([
        expect.objectContaining({ attempt: 1, statusCode: 200, error: null }),
      ]);
      expect(delivery.attemptLog[0]?.responseBody).toBe('ok');
      expect(delivery.attemptLog[0]?.durationMs).toBeGreaterThanOrEqual(0);
    });
  });

  describe('fan-out', () => {
    it('creates one delivery per subscription of the workspace and type that existed at the event', async () => {
      const before = new Date(clock().getTime() - 1_000);
      const later = new Date(clock().getTime() + 1_000);
      const matching = await subscribe(receiver.url, before);
      await harness.subscribe({
        workspaceId,
        url: receiver.url,
        type: 'campaign_completed',
        createdAt: before,
      });
      await harness.subscribe({
        workspaceId,
        url: `${receiver.url}/late`,
        type: 'message_received',
        createdAt: later,
      });
      await harness.subscribe({
        workspaceId: newWorkspaceId(),
        url: receiver.url,
        type: 'message_received',
        createdAt: before,
      });
      const event = await harness.publish(outboxEvent(workspaceId, clock()));

      const dispatcher = dispatcherFor();
      await pass(dispatcher);
      await harness.store.createDeliveries([{ event, subscription: { id: matching.id, url: receiver.url } }]);
      await pass(dispatcher);

      const deliveries = await harness.deliveries();
      expect(deliveries.map((d) => [d.eventId, d.subscriptionId, d.status])).toEqual([
        [event.id, matching.id, 'delivered'],
      ]);
      expect(receiver.requests).toHaveLength(1);
    });
  });

  describe('retries', () => {
    it('retries on the schedule under an injected clock, then fails and keeps the attempt log', async () => {
      receiver.respondWith(() => ({ status: 500, body: 'x'.repeat(5_000) }));
      await subscribe();
      const start = clock().getTime();
      await harness.publish(outboxEvent(workspaceId, clock()));
      const dispatcher = dispatcherFor();
      expect(await pass(dispatcher)).toBe(1);

      for (const delay of RETRY_DELAYS_MS) {
        clock.advance(delay - 1);
        expect(await pass(dispatcher)).toBe(0);
        clock.advance(1);
        expect(await pass(dispatcher)).toBe(1);
      }
      clock.advance(100 * 3_600_000);
      expect(await pass(dispatcher)).toBe(0);

      const delivery = await onlyDelivery(harness);
      expect(delivery).toMatchObject({ status: 'failed', attempts: 8 });
      expect(delivery.failureReason).toBe('attempts_exhausted');
      const offsets = delivery.attemptLog.map((a) => a.startedAt.getTime() - start);
      expect(offsets).toEqual([0, 5_000, 305_000, 2_105_000, 9_305_000, 27_305_000, 63_305_000, 99_305_000]);
      expect(delivery.attemptLog.every((a) => a.statusCode === 500)).toBe(true);
      expect(delivery.attemptLog.every((a) => a.responseBody === 'x'.repeat(1024))).toBe(true);
      expect(new Set(receiver.requests.map((r) => r.headers['webhook-id'])).size).toBe(1);
    });

    it('waits for a Retry-After later than the schedule', async () => {
      receiver.respondWith(() => ({ status: 503, headers: { 'retry-after': '600' } }));
      await subscribe();
      await harness.publish(outboxEvent(workspaceId, clock()));
      await pass(dispatcherFor());
      const delivery = await onlyDelivery(harness);
      expect(delivery.nextAttemptAt?.getTime()).toBe(clock().getTime() + 600_000);
    });

    it('applies jitter from the injected random source', async () => {
      receiver.respondWith(() => ({ status: 500 }));
      await subscribe();
      await harness.publish(outboxEvent(workspaceId, clock()));
      await pass(dispatcherFor({ random: () => 0 }));
      const delivery = await onlyDelivery(harness);
      expect(delivery.nextAttemptAt?.getTime()).toBe(clock().getTime() + 4_500);
    });
  });

  describe('receiver answers', () => {
    it('removes the subscription on 410 Gone and sends it nothing more', async () => {
      receiver.respondWith(() => ({ status: 410 }));
      const { id } = await subscribe();
      await harness.publish(outboxEvent(workspaceId, clock()));
      await harness.publish(outboxEvent(workspaceId, clock()));
      const dispatcher = dispatcherFor({ concurrency: 1, perSubscriptionConcurrency: 1 });
      await pass(dispatcher);
      await pass(dispatcher);

      expect(await harness.hasSubscription(workspaceId, id)).toBe(false);
      const deliveries = await harness.deliveries();
      expect(deliveries.map((d) => d.status)).toEqual(['failed', 'failed']);
      expect(deliveries.map((d) => d.attemptLog.length).sort()).toEqual([0, 1]);
      expect(deliveries.map((d) => d.failureReason).sort()).toEqual(['gone', 'subscription_removed']);
      expect(receiver.requests).toHaveLength(1);
    });

    it('does not follow a redirect and retries it as a failure', async () => {
      const elsewhere = await startTestReceiver();
      receiver.respondWith(() => ({ status: 307, headers: { location: elsewhere.url } }));
      await subscribe();
      await harness.publish(outboxEvent(workspaceId, clock()));
      await pass(dispatcherFor());
      await elsewhere.close();

      const delivery = await onlyDelivery(harness);
      expect(delivery.status).toBe('pending');
      expect(delivery.attemptLog[0]).toMatchObject({ statusCode: 307, error: 'redirect not followed' });
      expect(elsewhere.requests).toHaveLength(0);
    });
  });

  describe('target safety', () => {
    it('refuses a loopback target unless loopback targets are allowed', async () => {
      await subscribe(`http://localhost:${receiver.port}/hook`);
      await harness.publish(outboxEvent(workspaceId, clock()));
      await pass(dispatcherFor({ targets: 'public' }));
      const refused = await onlyDelivery(harness);
      expect(refused.status).toBe('pending');
      expect(refused.attemptLog[0]).toMatchObject({
        statusCode: null,
        error: expect.stringMatching(/refused.*loopback/),
      });
      expect(receiver.requests).toHaveLength(0);

      clock.advance(RETRY_DELAYS_MS[0] ?? 0);
      await pass(dispatcherFor({ targets: 'loopback' }));
      expect((await onlyDelivery(harness)).status).toBe('delivered');
      expect(receiver.requests).toHaveLength(1);
    });
  });
}
