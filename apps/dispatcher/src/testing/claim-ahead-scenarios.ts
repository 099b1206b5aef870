import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Dispatcher } from '../dispatch/dispatcher.js';
import type { DispatchHarness } from './dispatch-harness.js';
import { createFlowingClock, type FlowingClock } from './flowing-clock.js';
import {
  LEASE_MS,
  makeDispatcher,
  newWorkspaceId,
  outboxEvent,
  pass,
  type DispatcherSetup,
  type HarnessFactory,
} from './scenario-fixture.js';
import { startTestReceiver, type Responder, type TestReceiver } from './test-receiver.js';
import { waitFor } from './wait-for.js';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
/** Never answers within a test: the request holds its slot until the dispatcher stops. */
const hang: Responder = () => ({ status: 200, delayMs: 600_000 });

/**
 * What claiming ahead must not change: the dispatcher claims more deliveries than it has free
 * request slots and keeps them waiting, ready to start, yet requests in flight keep to the global
 * and per-subscription limits, what waits is bounded and counts against its subscription's room,
 * nothing waiting is sent to a subscription that answered 410, none starts on a lease near its end,
 * and shutdown hands back at once what never started.
 */
export function claimAheadScenarios(makeHarness: HarnessFactory): void {
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

  const receiver = async (responder?: Responder): Promise<TestReceiver> => {
    const started = await startTestReceiver(responder);
    receivers.push(started);
    return started;
  };
  const dispatcherFor = (setup: DispatcherSetup): Dispatcher => {
    const { dispatcher, sender } = makeDispatcher(harness, clock, setup);
    running.push({ dispatcher, close: () => sender.close() });
    return dispatcher;
  };
  const subscribe = async (url: string): Promise<string> =>
    (
      await harness.subscribe({
        workspaceId,
        url,
        type: 'message_received',
        createdAt: new Date(clock().getTime() - 1_000),
      })
    ).id;
  const publishMany = async (count: number): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < count; i += 1)
      ids.push((await harness.publish(outboxEvent(workspaceId, clock()))).id);
    return ids;
  };
  const leased = async (subscriptionId?: string): Promise<number> =>
    (await harness.deliveries()).filter(
      (d) => d.leaseOwner !== null && (subscriptionId === undefined || d.subscriptionId === subscriptionId),
    ).length;
  const statuses = async (): Promise<string[]> => (await harness.deliveries()).map((d) => d.status);
  /** A responder that holds every request until `open()`. */
  const gate = (): { responder: Responder; open(): void } => {
    let open = (): void => undefined;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { responder: async () => (await opened, { status: 200 }), open };
  };

  it('keeps requests in flight within concurrency and each subscription’s share while others wait claimed', async () => {
    let inFlight = 0;
    let peak = 0;
    let waitingPeak = 0;
    const dispatcher = dispatcherFor({ concurrency: 4, perSubscriptionConcurrency: 2 });
    const counting = (): { responder: Responder; peak(): number } => {
      let mine = 0;
      let minePeak = 0;
      const responder: Responder = async () => {
        inFlight += 1;
        mine += 1;
        peak = Math.max(peak, inFlight);
        minePeak = Math.max(minePeak, mine);
        waitingPeak = Math.max(waitingPeak, dispatcher.bufferedCount);
        await sleep(100);
        inFlight -= 1;
        mine -= 1;
        return { status: 200 };
      };
      return { responder, peak: () => minePeak };
    };
    const counters = [counting(), counting(), counting()];
    const targets: TestReceiver[] = [];
    for (const { responder } of counters) targets.push(await receiver(responder));
    for (const target of targets) await subscribe(target.url);
    const eventIds = await publishMany(8);
    dispatcher.start();

    await waitFor(
      'every delivery to be recorded',
      async () => (await statuses()).filter((s) => s === 'delivered').length === 24,
      30_000,
    );
    // Requests are held 100 ms, so the receivers see every request the dispatcher has in flight.
    expect(peak).toBe(4);
    const subscriptionPeaks = counters.map((c) => c.peak());
    expect(Math.max(...subscriptionPeaks)).toBe(2);
    expect(subscriptionPeaks.every((p) => p <= 2)).toBe(true);
    // Requests of 100 ms are quick: three wait per slot at most.
    expect(waitingPeak).toBeGreaterThan(0);
    expect(waitingPeak).toBeLessThanOrEqual(12);
    for (const target of targets) {
      expect(target.requests.map((r) => r.headers['webhook-id']).sort()).toEqual([...eventIds].sort());
    }
  });

  it('holds at most four times its concurrency when every request hangs', async () => {
    const target = await receiver(hang);
    await subscribe(target.url);
    await publishMany(10);
    // A 5 s timeout and a 60 s lease: a delivery may wait 27.5 s, five such requests.
    const dispatcher = dispatcherFor({ concurrency: 2, perSubscriptionConcurrency: 2 });
    dispatcher.start();

    await waitFor(
      'two requests and six waiting',
      async () => target.requests.length === 2 && (await leased()) === 8,
    );
    // Many polls later, nothing more is claimed or sent.
    await sleep(300);
    expect(await leased()).toBe(8);
    expect(dispatcher.bufferedCount).toBe(6);
    expect(target.requests).toHaveLength(2);
  });

  it('with the default lease and timeout, keeps one waiting per slot, so 15 s requests hand nothing back', async () => {
    let release = (): void => undefined;
    let wave = new Promise<void>((resolve) => (release = resolve));
    const target = await receiver(async () => {
      await wave;
      return { status: 200 };
    });
    const endWave = (): void => {
      const ending = release;
      wave = new Promise<void>((resolve) => (release = resolve));
      ending();
    };
    await subscribe(target.url);
    await publishMany(4);
    // A 15 s timeout and a 60 s lease: a delivery may wait 22.5 s, one such request.
    const dispatcher = dispatcherFor({
      concurrency: 1,
      perSubscriptionConcurrency: 1,
      timeoutMs: 15_000,
      leaseMs: LEASE_MS,
    });
    expect(await dispatcher.tick()).toBe(2);
    expect(dispatcher.bufferedCount).toBe(1);
    for (let sent = 1; sent <= 4; sent += 1) {
      await waitFor(`request ${sent}`, () => target.requests.length === sent);
      // Each request takes 15 s on the clock; the one waiting behind it starts on what is left.
      clock.advance(15_000);
      endWave();
      if (sent < 4) await waitFor(`request ${sent + 1}`, () => target.requests.length === sent + 1);
      await dispatcher.tick();
      expect(dispatcher.bufferedCount).toBeLessThanOrEqual(1);
    }
    await dispatcher.settle();

    expect(target.requests).toHaveLength(4);
    const deliveries = await harness.deliveries();
    expect(deliveries.map((d) => [d.status, d.attemptLog.length])).toEqual(
      Array.from({ length: 4 }, () => ['delivered', 1]),
    );
  });

  it('lets a slow subscription’s backlog hold only three times its in-flight share, so the others keep flowing', async () => {
    const slow = await receiver(hang);
    const fast = await receiver();
    const slowId = await subscribe(slow.url);
    const fastId = await subscribe(fast.url);
    await publishMany(6);
    const dispatcher = dispatcherFor({ concurrency: 3, perSubscriptionConcurrency: 1 });
    dispatcher.start();

    await waitFor('the fast subscription to be served', async () => {
      const fastOnes = (await harness.deliveries()).filter((d) => d.subscriptionId === fastId);
      return fastOnes.length === 6 && fastOnes.every((d) => d.status === 'delivered');
    });
    expect(fast.requests).toHaveLength(6);
    expect(slow.requests).toHaveLength(1);
    // One in flight, three waiting; the other two are left for whoever has room.
    expect(await leased(slowId)).toBe(4);
    expect(dispatcher.bufferedCount).toBe(3);
  });

  it('sends nothing waiting to a subscription that answered 410 Gone', async () => {
    const target = await receiver(() => ({ status: 410, delayMs: 100 }));
    const id = await subscribe(target.url);
    await publishMany(4);
    const dispatcher = dispatcherFor({ concurrency: 1, perSubscriptionConcurrency: 1 });
    expect(await dispatcher.tick()).toBe(4);
    expect(dispatcher.bufferedCount).toBe(3);
    await dispatcher.settle();
    await pass(dispatcher);

    expect(target.requests).toHaveLength(1);
    expect(await harness.hasSubscription(workspaceId, id)).toBe(false);
    const deliveries = await harness.deliveries();
    expect(deliveries.map((d) => d.failureReason).sort()).toEqual([
      'gone',
      'subscription_removed',
      'subscription_removed',
      'subscription_removed',
    ]);
  });

  it('starts a delivery that waited while its lease still covers a request and the write after', async () => {
    const held = gate();
    const target = await receiver(held.responder);
    await subscribe(target.url);
    await publishMany(2);
    const dispatcher = dispatcherFor({ concurrency: 1, perSubscriptionConcurrency: 1 });
    expect(await dispatcher.tick()).toBe(2);
    // 40 s of the 60 s lease left: a 5 s request and the write after it fit.
    clock.advance(20_000);
    held.open();
    await dispatcher.settle();

    expect(target.requests).toHaveLength(2);
    expect(await statuses()).toEqual(['delivered', 'delivered']);
  });

  it('hands back, instead of starting, a delivery that waited until its lease is near its end', async () => {
    const held = gate();
    const target = await receiver(held.responder);
    await subscribe(target.url);
    await publishMany(2);
    const dispatcher = dispatcherFor({ concurrency: 1, perSubscriptionConcurrency: 1 });
    expect(await dispatcher.tick()).toBe(2);
    // 30 s of the 60 s lease left: less than a 5 s request and half the 55 s beyond it.
    clock.advance(LEASE_MS / 2);
    held.open();
    await dispatcher.settle();

    expect(target.requests).toHaveLength(1);
    const waited = (await harness.deliveries()).find((d) => d.status === 'pending');
    expect(waited).toMatchObject({ leaseOwner: null, attempts: 0, attemptLog: [] });
    expect(waited?.nextAttemptAt?.getTime()).toBeLessThanOrEqual(clock().getTime());
    expect(await pass(dispatcher)).toBe(1);
    expect(await statuses()).toEqual(['delivered', 'delivered']);
  });

  it('hands back at once, due and unattempted, what waited when stopping past the deadline', async () => {
    const target = await receiver(hang);
    await subscribe(target.url);
    const eventIds = await publishMany(8);
    const dispatcher = dispatcherFor({ concurrency: 2, perSubscriptionConcurrency: 2 });
    dispatcher.start();
    await waitFor(
      'two requests and six waiting',
      () => target.requests.length === 2 && dispatcher.bufferedCount === 6,
    );
    await dispatcher.stop(50);

    const deliveries = await harness.deliveries();
    expect(deliveries).toHaveLength(8);
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ status: 'pending', leaseOwner: null, attempts: 0, attemptLog: [] });
      expect(delivery.nextAttemptAt?.getTime()).toBeLessThanOrEqual(clock().getTime());
    }
    target.respondWith(() => ({ status: 200 }));
    dispatcherFor({ owner: 'dispatcher-b' }).start();
    await waitFor('every delivery', async () => (await statuses()).every((s) => s === 'delivered'));
    const received = target.requests.slice(2).map((r) => r.headers['webhook-id']);
    expect(received.sort()).toEqual([...eventIds].sort());
  });

  it('hands back what waited, never starting it, while letting the request in flight finish', async () => {
    const target = await receiver(() => ({ status: 200, delayMs: 300 }));
    await subscribe(target.url);
    await publishMany(4);
    const dispatcher = dispatcherFor({ concurrency: 1, perSubscriptionConcurrency: 1 });
    dispatcher.start();
    await waitFor(
      'one request and three waiting',
      () => target.requests.length === 1 && dispatcher.bufferedCount === 3,
    );
    await dispatcher.stop(60_000);

    expect(target.requests).toHaveLength(1);
    const deliveries = await harness.deliveries();
    expect(deliveries.filter((d) => d.status === 'delivered')).toHaveLength(1);
    // Three handed back from the buffer.
    const unsent = deliveries.filter((d) => d.status === 'pending');
    expect(unsent).toHaveLength(3);
    for (const delivery of unsent) expect(delivery).toMatchObject({ leaseOwner: null, attempts: 0 });
  });
}
