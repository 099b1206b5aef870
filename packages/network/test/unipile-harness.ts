import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type ManualClock, createManualClock } from '../src/clock.js';
import {
  type RunningUnipileSimulator,
  type UnipileSimulator,
  type UnipileSimulatorOptions,
  createUnipileSimulator,
} from '../src/unipile-sim/unipile-simulator.js';
import { type UnipileNetwork, createUnipileNetwork } from '../src/unipile/unipile-network.adapter.js';
export const START = '2025-03-03T09:00:00.000Z';
export const SECOND = 1_000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export const API_KEY = 'test-api-key';
export const SECRET_HEADER = 'X-Outreach-Secret';
export const SECRET = 'test-webhook-secret';

/**
 * Nobody connected up front, every invitation accepted after an hour, every message answered after
 * ten minutes, and every webhook sent at once, exactly once and whole. LinkedIn's limits stay
 * enforced (the simulator is strict): tests space their actions as a careful client would.
 */
export const PREDICTABLE_SIM: UnipileSimulatorOptions = {
  seed: 'tests',
  apiKey: API_KEY,
  webhookSecretHeader: SECRET_HEADER,
  webhookSecret: SECRET,
  webhookRetryDelayMs: 10,
  alreadyConnectedProbability: 0,
  acceptProbability: 1,
  acceptDelayMinMs: HOUR,
  acceptDelayMaxMs: HOUR,
  replyProbability: 1,
  replyDelayMinMs: 10 * MINUTE,
  replyDelayMaxMs: 10 * MINUTE,
  replyTexts: ['Hello back'],
  relationWebhookMaxDelayMs: 0,
  relationWebhookLossProbability: 0,
  statusWebhookMaxDelayMs: 0,
  statusWebhookDuplicateProbability: 0,
  nullMessageIdProbability: 0,
};

/** A real HTTP receiver on 127.0.0.1 that keeps every webhook body it accepts. */
export interface WebhookReceiver {
  url: string;
  received: { headers: Record<string, string | undefined>; body: Record<string, unknown> }[];
  /** Answers this status to the next N calls (then 200 again). */
  failNext(count: number, status?: number): void;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<WebhookReceiver> {
  const received: WebhookReceiver['received'] = [];
  let failures = 0;
  let failStatus = 500;
  const app = express();
  app.use(express.json());
  app.post('/webhooks', (req, res) => {
    if (failures > 0) {
      failures -= 1;
      return res.status(failStatus).end();
    }
    received.push({ headers: { secret: req.get(SECRET_HEADER) }, body: req.body as Record<string, unknown> });
    res.status(200).json({ ok: true });
  });
  const server = createServer(app);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhooks`,
    received,
    failNext(count, status = 500) {
      failures = count;
      failStatus = status;
    },
    async close() {
      const closed = once(server, 'close');
      server.close();
      server.closeAllConnections();
      await closed;
    },
  };
}

export interface SimHarness {
  clock: ManualClock;
  sim: UnipileSimulator;
  running: RunningUnipileSimulator;
  receiver: WebhookReceiver;
  network: UnipileNetwork;
}

/**
 * One simulator for the test file, reached through the official SDK over real HTTP, with its
 * webhooks pushed to a real local receiver. Reset before each test: the clock goes back to START.
 */
export function useUnipileSim(
  options: UnipileSimulatorOptions = PREDICTABLE_SIM,
  timeoutMs = 10_000,
): SimHarness {
  const harness = {} as SimHarness;
  beforeAll(async () => {
    const clock = createManualClock(START);
    const receiver = await startReceiver();
    const sim = createUnipileSimulator({ clock, ...options, webhookUrl: receiver.url });
    const running = await sim.listen(0);
    const network = createUnipileNetwork({
      dsn: running.url,
      apiKey: API_KEY,
      clock,
      timeoutMs,
      validateResponses: 'error',
    });
    Object.assign(harness, { clock, sim, running, receiver, network });
  });
  afterAll(async () => {
    await harness.running.close();
    await harness.receiver.close();
  });
  beforeEach(async () => {
    await harness.sim.flush();
    harness.sim.state.reset();
    harness.sim.webhooks.clear();
    harness.receiver.received.length = 0;
    harness.clock.set(START);
  });
  return harness;
}

/** A provider account id in Unipile's form. */
export const simAccount = (n: number) => `sim-account-${n}`;
