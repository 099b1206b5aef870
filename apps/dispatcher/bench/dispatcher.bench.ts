/**
 * Deliveries per second from the dispatcher to a local receiver, against the same receiver driven
 * by a plain keep-alive HTTP POST loop at the same concurrency, and their ratio. The dispatcher is
 * measured over the in-memory store (the cost of the delivery machinery alone) and over MongoDB
 * through the data layer (the real process: fan-out, leased claims, attempt log).
 *
 *   pnpm --filter @outreach/dispatcher bench      (BENCH_EVENTS, BENCH_CONCURRENCY to change the load)
 */
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { systemClock } from '@outreach/network';
import { HttpSender, USER_AGENT } from '../src/delivery/http-sender.js';
import { signWebhook } from '../src/delivery/sign-webhook.js';
import { envelopeBody } from '../src/delivery/webhook-envelope.js';
import { Dispatcher } from '../src/dispatch/dispatcher.js';
import type { DispatchHarness } from '../src/testing/dispatch-harness.js';
import { memoryHarness, newSecret } from '../src/testing/memory-dispatch-store.js';
import { newWorkspaceId, outboxEvent } from '../src/testing/scenario-fixture.js';
import { startBenchReceiver, type BenchReceiver } from './bench-receiver.js';
import { plainPostLoop } from './plain-post-loop.js';
import { mongoBenchHarness } from './mongo-bench-harness.js';

const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 2_000);
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 16);
const WARM_UP = 200;

async function timePlainLoop(receiver: BenchReceiver, count: number): Promise<number> {
  const event = outboxEvent(newWorkspaceId(), new Date());
  const body = envelopeBody(event);
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    ...signWebhook(newSecret(), event.id, new Date(), body),
  };
  const { arrived } = await receiver.expect(count);
  const started = performance.now();
  await plainPostLoop(receiver.url, headers, body, count, CONCURRENCY);
  await arrived;
  return performance.now() - started;
}

async function timeDispatcher(
  harness: DispatchHarness,
  receiver: BenchReceiver,
  count: number,
): Promise<number> {
  const workspaceId = newWorkspaceId();
  await harness.subscribe({
    workspaceId,
    url: receiver.url,
    type: 'message_received',
    createdAt: new Date(Date.now() - 60_000),
  });
  for (let i = 0; i < count; i += 1) await harness.publish(outboxEvent(workspaceId, new Date()));
  const sender = new HttpSender({ targets: 'loopback' });
  const dispatcher = new Dispatcher(
    {
      store: harness.store,
      sender,
      clock: systemClock,
      random: Math.random,
      logger: pino({ level: 'silent' }),
    },
    {
      owner: 'bench',
      concurrency: CONCURRENCY,
      perSubscriptionConcurrency: CONCURRENCY,
      pollIntervalMs: 20,
      leaseMs: 60_000,
      fanOutBatchSize: 500,
    },
  );
  const { arrived } = await receiver.expect(count);
  const started = performance.now();
  dispatcher.start();
  await arrived;
  const elapsed = performance.now() - started;
  await dispatcher.stop(5_000);
  sender.close();
  return elapsed;
}

const perSecond = (count: number, ms: number): number => count / (ms / 1_000);
const fmt = (n: number): string => n.toFixed(0).padStart(8);

async function main(): Promise<void> {
  const receiver = await startBenchReceiver();
  console.log(`${EVENTS} deliveries, concurrency ${CONCURRENCY}, receiver ${receiver.url}`);
  await timePlainLoop(receiver, WARM_UP);
  const plain = perSecond(EVENTS, await timePlainLoop(receiver, EVENTS));
  console.log(`plain HTTP POST loop           ${fmt(plain)} req/s`);

  const stores: [string, () => Promise<DispatchHarness>][] = [
    ['dispatcher, in-memory store   ', async () => memoryHarness(systemClock)],
    ['dispatcher, MongoDB (db layer)', mongoBenchHarness],
  ];
  for (const [name, makeHarness] of stores) {
    const harness = await makeHarness();
    await timeDispatcher(harness, receiver, WARM_UP);
    const rate = perSecond(EVENTS, await timeDispatcher(harness, receiver, EVENTS));
    console.log(`${name} ${fmt(rate)} deliveries/s   ratio to plain loop ${(rate / plain).toFixed(2)}`);
    await harness.close();
  }
  await receiver.close();
}

await main();
