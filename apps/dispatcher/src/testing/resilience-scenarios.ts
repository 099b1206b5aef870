import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Dispatcher } from '../dispatch/dispatcher.js';
import type { DispatchHarness } from './dispatch-harness.js';
import { killable } from './killable-store.js';
import { createFlowingClock, type FlowingClock } from './flowing-clock.js';
import {
  LEASE_MS,
  makeDispatcher,
  newWorkspaceId,
  onlyDelivery,
  outboxEvent,
  pass,
  type DispatcherSetup,
  type HarnessFactory,
} from './scenario-fixture.js';
import { startTestReceiver, type TestReceiver } from './test-receiver.js';
import { waitFor } from './wait-for.js';

/**
 * What must survive trouble: a receiver that is down, a dispatcher that dies mid-delivery, a slow
 * receiver next to a fast one, and shutdown with deliveries in flight. These run the dispatcher's
 * own loop, so their clock flows with real time and jumps ahead where a test needs hours to pass.
 */
export function resilienceScenarios(makeHarness: HarnessFactory): void {
  let harness: DispatchHarness;
  let clock: FlowingClock;
  const receivers: TestReceiver[] = [];
  const running: { dispatcher: Dispatcher; close(): void }[] = [];
  const workspaceId = newWorkspaceId();

  beforeEach(async () => {
    clock = createFlowingClock(new Date());
    harness = await makeHarness(clock);
  });
  afterEach(async () => {
    for (const { dispatcher, close } of running.splice(0)) {
      await dispatcher.stop(0);
      close();
    }
    for (const receiver of receivers.splice(0)) await receiver.close();
    await harness.close();
  });

  const receiver = async (...args: Parameters<typeof startTestReceiver>): Promise<TestReceiver> => {
    const started = await startTestReceiver(...args);
    receivers.push(started);
    return started;
  };
  const dispatcherFor = (setup: DispatcherSetup = {}): Dispatcher => {
    const { dispatcher, sender } = makeDispatcher(harness, clock, setup);
    running.push({ dispatcher, close: () => sender.close() });
    return dispatcher;
  };
  const subscribe = (url: string) =>
    harness.subscribe({
      workspaceId,
      url,
      type: 'message_received',
      createdAt: new Date(clock().getTime() - 1_000),
    });
  const publishMany = async (count: number): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1) {
      const event = await harness.publish(outboxEvent(workspaceId, clock()));
      ids.push(event.id);
    }
    return ids;
  };
  const statuses = async (): Promise<string[]> => (await harness.deliveries()).map((d) => d.status);

  it('delivers every event to a receiver that was down for a while, once it is back', async () => {
    const target = await receiver();
    await target.down();
    await subscribe(target.url);
    const eventIds = await publishMany(5);
    const dispatcher = dispatcherFor();
    dispatcher.start();

    const attemptsAre = (n: number) => async () => {
      const deliveries = await harness.deliveries();
      return (
        deliveries.length === 5 && deliveries.every((d) => d.attemptLog.length === n && d.leaseOwner === null)
      );
    };
    await waitFor('first attempts to fail', attemptsAre(1));
    clock.advance(6_000);
    await waitFor('second attempts to fail', attemptsAre(2));
    await target.up();
    clock.advance(6 * 60_000);
    await waitFor('every delivery to succeed', async () =>
      (await statuses()).every((s) => s === 'delivered'),
    );

    const received = target.requests.map((r) => r.headers['webhook-id']).sort();
    expect(received).toEqual([...eventIds].sort());
  });

  it('resumes a delivery after a dispatcher dies mid-request; the duplicate has the same webhook-id', async () => {
    const target = await receiver(() => ({ status: 200, delayMs: 10_000 }));
    await subscribe(target.url);
    const [eventId] = await publishMany(1);
    const doomed = killable(harness.store);
    const first = dispatcherFor({ store: doomed.store, owner: 'dispatcher-a' });
    await first.tick();
    await waitFor('the receiver to get the first request', () => target.requests.length === 1);
    doomed.kill();
    await first.stop(0);
    expect(await onlyDelivery(harness)).toMatchObject({
      status: 'pending',
      leaseOwner: 'dispatcher-a',
      attempts: 1,
    });

    target.respondWith(() => ({ status: 200 }));
    const second = dispatcherFor({ owner: 'dispatcher-b' });
    expect(await pass(second)).toBe(0);
    clock.advance(LEASE_MS);
    expect(await pass(second)).toBe(1);

    const delivery = await onlyDelivery(harness);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(delivery.attemptLog.map((a) => a.attempt)).toEqual([1]);
    expect(target.requests.map((r) => r.headers['webhook-id'])).toEqual([eventId, eventId]);
  });

  it('keeps delivering to a fast receiver while a slow one holds its only slot', async () => {
    let slowInFlight = 0;
    let slowPeak = 0;
    const slow = await receiver(() => {
      slowInFlight += 1;
      slowPeak = Math.max(slowPeak, slowInFlight);
      // Never answers within the test: a second slow request could then only come from a slot
      // freed too early, whatever the speed of the machine.
      return { status: 200, delayMs: 600_000 };
    });
    const fast = await receiver();
    await subscribe(slow.url);
    await subscribe(fast.url);
    await publishMany(6);
    const dispatcher = dispatcherFor({ concurrency: 3, perSubscriptionConcurrency: 1 });
    dispatcher.start();

    await waitFor('the fast receiver to get all six', () => fast.requests.length === 6, 30_000);
    expect(slow.requests).toHaveLength(1);
    expect(slowPeak).toBe(1);
  });

  it('lets deliveries in flight finish when stopping within the deadline', async () => {
    const target = await receiver(() => ({ status: 200, delayMs: 150 }));
    await subscribe(target.url);
    await publishMany(2);
    const dispatcher = dispatcherFor();
    dispatcher.start();
    await waitFor('both requests to arrive', () => target.requests.length === 2);
    // A deadline far beyond the answers' delay: stopping returns as soon as both are recorded.
    await dispatcher.stop(60_000);
    expect(await statuses()).toEqual(['delivered', 'delivered']);
    expect(dispatcher.inFlightCount).toBe(0);
  });

  it('hands in-flight deliveries back, due and with no attempt on record, when the deadline passes', async () => {
    const target = await receiver(() => ({ status: 200, delayMs: 10_000 }));
    await subscribe(target.url);
    await publishMany(1);
    const dispatcher = dispatcherFor();
    await dispatcher.tick();
    await waitFor('the request to arrive', () => target.requests.length === 1);
    await dispatcher.stop(50);

    const released = await onlyDelivery(harness);
    // The claim handed back is not counted: the delivery reads as never attempted.
    expect(released).toMatchObject({ status: 'pending', leaseOwner: null, attemptLog: [], attempts: 0 });
    expect(released.nextAttemptAt?.getTime()).toBeLessThanOrEqual(clock().getTime());
    target.respondWith(() => ({ status: 200 }));
    expect(await pass(dispatcherFor({ owner: 'dispatcher-b' }))).toBe(1);
    const delivered = await onlyDelivery(harness);
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1 });
    expect(delivered.attemptLog.map((a) => a.attempt)).toEqual([1]);
  });
}
