import { randomBytes } from 'node:crypto';
import type { EventType, TargetAllowance } from '@outreach/domain';
import type { Clock } from '@outreach/network';
import { pino } from 'pino';
import { HttpSender } from '../delivery/http-sender.js';
import type { RandomSource } from '../delivery/retry-schedule.js';
import type { OutboxEvent } from '../delivery/webhook-envelope.js';
import { Dispatcher } from '../dispatch/dispatcher.js';
import type { DispatchStore } from '../ports/dispatch-store.port.js';
import type { DeliveryView, DispatchHarness } from './dispatch-harness.js';

/** Makes a fresh, empty store whose own timestamps (creation, due time) come from `clock`. */
export type HarnessFactory = (clock: Clock) => Promise<DispatchHarness>;

export const hex24 = (): string => randomBytes(12).toString('hex');
export const newWorkspaceId = (): string => `ws_${hex24()}`;

export const silentLogger = pino({ level: 'silent' });

export function outboxEvent(
  workspaceId: string,
  occurredAt: Date,
  type: EventType = 'message_received',
): OutboxEvent {
  return {
    id: `evt_${hex24()}`,
    type,
    workspaceId,
    occurredAt,
    data: {
      campaignId: `cmp_${hex24()}`,
      content: 'Thanks, let us talk next week',
      receivedAt: occurredAt.toISOString(),
    },
  };
}

export interface DispatcherSetup {
  store?: DispatchStore;
  owner?: string;
  targets?: TargetAllowance;
  concurrency?: number;
  perSubscriptionConcurrency?: number;
  leaseMs?: number;
  timeoutMs?: number;
  random?: RandomSource;
  /** HTTP time, and the product clock's speed against it (see `DeliveryDeps`). */
  realClock?: Clock;
  timeScale?: number;
}

export const LEASE_MS = 60_000;

/** A dispatcher over the harness's store, a real HTTP sender and the test's clock. */
export function makeDispatcher(
  harness: DispatchHarness,
  clock: Clock,
  setup: DispatcherSetup = {},
): { dispatcher: Dispatcher; sender: HttpSender } {
  const timeoutMs = setup.timeoutMs ?? 5_000;
  const sender = new HttpSender({ targets: setup.targets ?? 'any', timeoutMs });
  const dispatcher = new Dispatcher(
    {
      store: setup.store ?? harness.store,
      sender,
      clock,
      random: setup.random ?? ((): number => 0.5),
      logger: silentLogger,
      ...(setup.realClock ? { realClock: setup.realClock } : {}),
      ...(setup.timeScale ? { timeScale: setup.timeScale } : {}),
    },
    {
      owner: setup.owner ?? 'dispatcher-1',
      concurrency: setup.concurrency ?? 4,
      perSubscriptionConcurrency: setup.perSubscriptionConcurrency ?? 2,
      pollIntervalMs: 10,
      // As the process sets it: a lease outlasts a real request, so on a compressed clock it is
      // that many product milliseconds (else it would lapse while its request is in flight).
      leaseMs: setup.leaseMs ?? LEASE_MS * (setup.timeScale ?? 1),
      requestTimeoutMs: timeoutMs,
    },
  );
  return { dispatcher, sender };
}

/** Runs one pass and waits for the deliveries it started. */
export async function pass(dispatcher: Dispatcher): Promise<number> {
  const started = await dispatcher.tick();
  await dispatcher.settle();
  return started;
}

export async function onlyDelivery(harness: DispatchHarness): Promise<DeliveryView> {
  const all = await harness.deliveries();
  if (all.length !== 1 || all[0] === undefined) throw new Error(`expected one delivery, found ${all.length}`);
  return all[0];
}

export function headerRecord(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).flatMap(([k, v]) =>
      typeof v === 'string' ? [[k, v]] : Array.isArray(v) ? [[k, v.join(', ')]] : [],
    ),
  );
}
