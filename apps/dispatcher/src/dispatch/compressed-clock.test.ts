/**
 * The dispatcher on a compressed product clock, as `pnpm start` runs it (a day in 10 s): due times
 * follow the product clock, but what crosses HTTP is real time. De-risks receivers refusing every
 * signature of a demo (a timestamp days ahead) and a `Retry-After` of a second lasting 0.1 ms.
 */
import { createScaledClock, type Clock } from '@outreach/network';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DispatchHarness } from '../testing/dispatch-harness.js';
import { memoryHarness } from '../testing/memory-dispatch-store.js';
import { headerRecord, makeDispatcher, newWorkspaceId, outboxEvent } from '../testing/scenario-fixture.js';
import { startTestReceiver, type TestReceiver } from '../testing/test-receiver.js';
import { waitFor } from '../testing/wait-for.js';
import type { Dispatcher } from './dispatcher.js';

/** `pnpm start`'s default: DEMO_DAY_SECONDS=10, so 86,400 / 10 times faster than real time. */
const DEMO_SCALE = 8_640;

describe('a dispatcher on a compressed product clock', () => {
  let clock: Clock;
  let harness: DispatchHarness;
  let receiver: TestReceiver;
  let dispatcher: Dispatcher | undefined;
  let closeSender: (() => void) | undefined;
  const workspaceId = newWorkspaceId();

  beforeEach(async () => {
    // Started a product week ago, as a demo that has been running for a real minute or so.
    clock = createScaledClock({ scale: DEMO_SCALE, epoch: Date.now() - 70_000 });
    harness = memoryHarness(clock);
    receiver = await startTestReceiver();
    const made = makeDispatcher(harness, clock, { timeScale: DEMO_SCALE });
    dispatcher = made.dispatcher;
    closeSender = () => made.sender.close();
    await harness.subscribe({
      workspaceId,
      url: receiver.url,
      type: 'message_received',
      createdAt: new Date(clock().getTime() - 1_000),
    });
  });
  afterEach(async () => {
    await dispatcher?.stop(1_000);
    closeSender?.();
    await receiver.close();
    await harness.close();
  });

  /** Answers the first request with `retryAfter`, then accepts; resolves with both requests' real times. */
  async function deliverAfterRefusal(retryAfter: () => string): Promise<number[]> {
    const receivedAt: number[] = [];
    receiver.respondWith(() => {
      receivedAt.push(Date.now());
      return receivedAt.length === 1
        ? { status: 429, headers: { 'retry-after': retryAfter() } }
        : { status: 200 };
    });
    await harness.publish(outboxEvent(workspaceId, clock()));
    dispatcher?.start();
    await waitFor(
      'the delivery to succeed',
      async () => (await harness.deliveries())[0]?.status === 'delivered',
    );
    return receivedAt;
  }

  it('signs with a webhook-timestamp in real time', async () => {
    await deliverAfterRefusal(() => '0');
    const stamps = receiver.requests.map((r) => Number(headerRecord(r.headers)['webhook-timestamp']) * 1000);
    for (const stamp of stamps) expect(Math.abs(stamp - Date.now())).toBeLessThan(5_000);
  });

  it('waits a Retry-After of seconds in real seconds', async () => {
    const [first, second] = await deliverAfterRefusal(() => '1');
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(1_000);
  });

  it('waits until a Retry-After date on the real clock', async () => {
    let until = 0;
    const [, second] = await deliverAfterRefusal(() => {
      // HTTP dates have whole seconds: the next whole second at least a second away.
      until = Math.ceil((Date.now() + 1_000) / 1_000) * 1_000;
      return new Date(until).toUTCString();
    });
    expect(second).toBeGreaterThanOrEqual(until);
  });
});
