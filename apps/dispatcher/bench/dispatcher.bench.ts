/**
 * Deliveries per second from the dispatcher to a local receiver, against the same receiver driven
 * by a plain keep-alive HTTP POST loop at the same concurrency, and their ratio. The dispatcher is
 * measured over the in-memory store (the cost of the delivery machinery alone) and over MongoDB
 * through the data layer (the real process: fan-out, leased claims, attempt log), where the
 * commands of the data layer's connection are counted per delivery, by command, and the CPU time
 * of the dispatcher's thread and of the database's process is read from Linux's `/proc`, with the
 * time each spent ready to run but waiting for a CPU (what a loaded machine costs them).
 *
 * Exits 1 when the MongoDB run misses its targets: more than `MAX_ROUND_TRIPS_PER_DELIVERY`
 * database round trips per delivery, or less than `MIN_MONGODB_RATIO` of the plain loop.
 *
 * Both contenders are measured warm: the plain loop first sends `BENCH_WARM_UP` requests (it gets
 * about twice as fast over its first 20,000), and the dispatcher first delivers 10,000 events on each
 * store. Each dispatcher run is then paired with a plain loop run right before it; of
 * `BENCH_ROUNDS` pairs (default 5) the median ratio is reported, with the details of that round.
 * The timed runs use a connection that does not report its commands (the driver's command events
 * cost the dispatcher's thread work a production process does not do); the round trips are counted
 * in one more run, on a connection that does.
 *
 *   pnpm --filter @outreach/dispatcher bench
 *     (BENCH_EVENTS, BENCH_CONCURRENCY, BENCH_ROUNDS, BENCH_WARM_UP)
 */
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { asWorkspaceId, type Db } from '@outreach/db';
import { systemClock } from '@outreach/network';
import type { DispatchStore } from '../src/ports/dispatch-store.port.js';
import type { DispatchHarness } from '../src/testing/dispatch-harness.js';
import { memoryHarness, newSecret } from '../src/testing/memory-dispatch-store.js';
import { newWorkspaceId, outboxEvent } from '../src/testing/scenario-fixture.js';
import { startBenchReceiver, type BenchReceiver } from './bench-receiver.js';
import {
  DEFAULT_TIMEOUT_MS,
  Dispatcher,
  envelopeBody,
  HttpSender,
  signWebhook,
  USER_AGENT,
} from './built.js';
import { cpuTimes, cpuTimesSince, machineQuiet, type CpuTimes } from './cpu-time.js';
import { plainPostLoop, undiciPostLoop } from './plain-post-loop.js';
import { mongoBenchServer } from './mongo-bench-harness.js';

const EVENTS = Number(process.env['BENCH_EVENTS'] ?? 5_000);
const CONCURRENCY = Number(process.env['BENCH_CONCURRENCY'] ?? 16);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 5);
/** Requests the plain loop sends before it is timed. */
const PLAIN_WARM_UP = Number(process.env['BENCH_WARM_UP'] ?? 20_000);
/** Events the dispatcher delivers on each store before it is timed. */
const DISPATCHER_WARM_UP = 10_000;
const MAX_ROUND_TRIPS_PER_DELIVERY = 4;
const MIN_MONGODB_RATIO = 0.25;

interface Run {
  ms: number;
  /** Commands sent by the data layer while the dispatcher ran, by command name. */
  commands: Map<string, number>;
  /** Calls to the store while the dispatcher ran, by method: how many, and their total time. */
  storeCalls: Map<string, { calls: number; ms: number }>;
  /** CPU used while the dispatcher ran: the benchmark's process (its main thread is the
   * dispatcher's event loop) and the database server's, when the benchmark started it. */
  cpu: { bench: CpuTimes; database: CpuTimes | null };
}

/** The store, with the time spent in each of its methods counted (from call to answer). */
function timed(store: DispatchStore, calls: Run['storeCalls']): DispatchStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        const started = performance.now();
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          const entry = calls.get(String(property)) ?? { calls: 0, ms: 0 };
          calls.set(String(property), { calls: entry.calls + 1, ms: entry.ms + performance.now() - started });
        }
      };
    },
  });
}

async function timePlainLoop(
  receiver: BenchReceiver,
  count: number,
  loop: typeof plainPostLoop = plainPostLoop,
): Promise<number> {
  const event = outboxEvent(newWorkspaceId(), new Date());
  const body = envelopeBody(event);
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    ...signWebhook(newSecret(), event.id, new Date(), body),
  };
  const { arrived } = await receiver.expect(count);
  await machineQuiet();
  const started = performance.now();
  await loop(receiver.url, headers, body, count, CONCURRENCY);
  await arrived;
  return performance.now() - started;
}

/**
 * Publishes `count` events to one subscription, then runs a dispatcher until the receiver has them
 * all. Commands are counted from the start of the dispatcher until it has stopped, so the writes
 * that settle the last deliveries are counted too, and the seeding is not.
 */
async function timeDispatcher(
  harness: DispatchHarness,
  receiver: BenchReceiver,
  count: number,
  { watched = null, databasePid = null }: { watched?: Db | null; databasePid?: number | null } = {},
): Promise<Run> {
  const workspaceId = newWorkspaceId();
  await harness.subscribe({
    workspaceId,
    url: receiver.url,
    type: 'message_received',
    createdAt: new Date(Date.now() - 60_000),
  });
  for (let i = 0; i < count; i += 1) await harness.publish(outboxEvent(workspaceId, new Date()));
  const sender = new HttpSender({ targets: 'loopback' });
  const storeCalls: Run['storeCalls'] = new Map();
  const dispatcher = new Dispatcher(
    {
      store: timed(harness.store, storeCalls),
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
      requestTimeoutMs: DEFAULT_TIMEOUT_MS,
      // The fan-out batch left at its default (100 events), as the dispatcher's process runs it.
    },
  );
  const commands = new Map<string, number>();
  const unwatch = watched?.watchCommands(({ commandName }) => {
    commands.set(commandName, (commands.get(commandName) ?? 0) + 1);
  });
  const { arrived } = await receiver.expect(count);
  await machineQuiet();
  const benchBefore = cpuTimes(process.pid);
  const databaseBefore = databasePid === null ? null : cpuTimes(databasePid);
  const started = performance.now();
  dispatcher.start();
  await arrived;
  const ms = performance.now() - started;
  const cpu = {
    bench: cpuTimesSince(benchBefore, cpuTimes(process.pid)),
    database:
      databasePid === null || databaseBefore === null
        ? null
        : cpuTimesSince(databaseBefore, cpuTimes(databasePid)),
  };
  await dispatcher.stop(5_000);
  unwatch?.();
  sender.close();
  return { ms, commands, storeCalls, cpu };
}

/**
 * The database's answer time for one small command, sent one after another with nothing else
 * running: the emulator answers one command at a time, so this bounds what any number of round
 * trips per delivery allows.
 */
async function commandLatencyMs(db: Db, samples = 200): Promise<number> {
  const workspaceId = asWorkspaceId(newWorkspaceId());
  const started = performance.now();
  for (let i = 0; i < samples; i += 1) await db.webhookSubscriptions.get(workspaceId, 'sub_probe');
  return (performance.now() - started) / samples;
}

const perSecond = (count: number, ms: number): number => count / (ms / 1_000);

/** A plain loop run and the dispatcher run right after it. */
interface Round {
  plain: number;
  rate: number;
  run: Run | null;
  /** The plain loop over undici, run between the two (MongoDB rounds only). */
  plainUndici?: number;
}

/** The round whose ratio to its plain loop is the median (the lower middle one for an even count). */
function medianRound(rounds: readonly Round[]): Round {
  const sorted = [...rounds].sort((a, b) => a.rate / a.plain - b.rate / b.plain);
  return sorted[Math.floor((sorted.length - 1) / 2)] as Round;
}

const ratiosOf = (rounds: readonly Round[]): string =>
  rounds
    .map(
      (round) =>
        `${(round.rate / round.plain).toFixed(2)} = ${fmt(round.rate).trim()}/${fmt(round.plain).trim()}`,
    )
    .join(', ');
const fmt = (n: number): string => n.toFixed(0).padStart(8);

function roundTripsPerDelivery(commands: Map<string, number>): { total: number; breakdown: string } {
  const total = [...commands.values()].reduce((sum, n) => sum + n, 0) / EVENTS;
  const breakdown = [...commands.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} ${(n / EVENTS).toFixed(3)}`)
    .join(', ');
  return { total, breakdown };
}

/**
 * Each measured run is paired with a plain loop run right before it, and the ratio is taken within
 * the pair: on a shared machine the plain loop alone moves by a quarter from one minute to the next.
 * The median pair of `BENCH_ROUNDS` is reported and judged.
 */
async function main(): Promise<void> {
  const receiver = await startBenchReceiver();
  console.log(`${EVENTS} deliveries, concurrency ${CONCURRENCY}, ${ROUNDS} rounds, receiver ${receiver.url}`);
  await timePlainLoop(receiver, PLAIN_WARM_UP);

  const memory = memoryHarness(systemClock);
  await timeDispatcher(memory, receiver, DISPATCHER_WARM_UP);
  const memoryRounds: Round[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const plain = perSecond(EVENTS, await timePlainLoop(receiver, EVENTS));
    const rate = perSecond(EVENTS, (await timeDispatcher(memory, receiver, EVENTS)).ms);
    memoryRounds.push({ plain, rate, run: null });
  }
  await memory.close();
  const inMemory = medianRound(memoryRounds);
  console.log(`plain HTTP POST loop           ${fmt(inMemory.plain)} req/s (paired with the median round)`);
  console.log(
    `dispatcher, in-memory store    ${fmt(inMemory.rate)} deliveries/s   ratio to plain loop ${(inMemory.rate / inMemory.plain).toFixed(2)}` +
      `   (rounds: ${ratiosOf(memoryRounds)})`,
  );

  const server = await mongoBenchServer();
  const counted = await server.harness({ monitored: true });
  await timeDispatcher(counted, receiver, DISPATCHER_WARM_UP / 5);
  const { commands } = await timeDispatcher(counted, receiver, EVENTS, { watched: counted.db });
  const mongo = await server.harness({ monitored: false });
  await timeDispatcher(mongo, receiver, DISPATCHER_WARM_UP);
  const latency = await commandLatencyMs(mongo.db);
  await timePlainLoop(receiver, PLAIN_WARM_UP, undiciPostLoop);
  const mongoRounds: Round[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const plain = perSecond(EVENTS, await timePlainLoop(receiver, EVENTS));
    const plainUndici = perSecond(EVENTS, await timePlainLoop(receiver, EVENTS, undiciPostLoop));
    const run = await timeDispatcher(mongo, receiver, EVENTS, { databasePid: server.pid });
    mongoRounds.push({ plain, plainUndici, rate: perSecond(EVENTS, run.ms), run });
  }
  await server.close();
  await receiver.close();
  const median = medianRound(mongoRounds);
  const { rate, plain } = median;
  const run = median.run as Run;
  const ratio = rate / plain;
  console.log(`plain HTTP POST loop           ${fmt(plain)} req/s (paired with the median round)`);
  console.log(
    `dispatcher, MongoDB (db layer) ${fmt(rate)} deliveries/s   ratio to plain loop ${ratio.toFixed(2)}` +
      `   (rounds: ${ratiosOf(mongoRounds)})`,
  );
  const undiciRatios = mongoRounds.map((r) => (r.rate / (r.plainUndici ?? r.rate)).toFixed(2)).join(', ');
  console.log(
    `  informative: the same plain loop over undici (the dispatcher's HTTP client) ${fmt(median.plainUndici ?? 0).trim()} req/s ` +
      `in the median round, the MongoDB run ${(rate / (median.plainUndici ?? rate)).toFixed(2)} of it (rounds: ${undiciRatios})`,
  );
  const trips = roundTripsPerDelivery(commands);
  console.log(
    `  database round trips per delivery (a run of its own): ${trips.total.toFixed(3)} (${trips.breakdown})`,
  );
  const calls = [...run.storeCalls.entries()]
    .sort((a, b) => b[1].ms - a[1].ms)
    .map(([name, c]) => `${name} ${c.calls} × ${(c.ms / c.calls).toFixed(1)} ms`)
    .join(', ');
  console.log(`  store calls (count × mean time from call to answer): ${calls}`);
  const share = (ms: number | null | undefined): string =>
    ms === null || ms === undefined ? 'n/a' : `${ms.toFixed(0)} ms (${((100 * ms) / run.ms).toFixed(0)}%)`;
  const { bench, database } = run.cpu;
  console.log(
    `  over the run's ${run.ms.toFixed(0)} ms: the dispatcher's thread on a CPU ${share(bench.mainThread)}, ` +
      `waiting for one ${share(bench.mainThreadWaiting)}; the benchmark's process in all ${share(bench.process)}; ` +
      `the database's thread on a CPU ${share(database?.mainThread)}, waiting for one ` +
      `${share(database?.mainThreadWaiting)}, its process in all ${share(database?.process)}`,
  );
  console.log(
    `  database: ${latency.toFixed(2)} ms per command one at a time; at ${trips.total.toFixed(3)} round trips ` +
      `per delivery, the database alone allows at most ${fmt(1_000 / (latency * trips.total)).trim()} deliveries/s`,
  );

  const missed = [
    ...(trips.total > MAX_ROUND_TRIPS_PER_DELIVERY
      ? [`${trips.total.toFixed(2)} round trips per delivery (at most ${MAX_ROUND_TRIPS_PER_DELIVERY})`]
      : []),
    ...(ratio < MIN_MONGODB_RATIO
      ? [`MongoDB ratio ${ratio.toFixed(2)} to the plain loop (at least ${MIN_MONGODB_RATIO})`]
      : []),
  ];
  if (missed.length > 0) {
    console.error(`targets missed: ${missed.join('; ')}`);
    process.exitCode = 1;
  }
}

await main();
