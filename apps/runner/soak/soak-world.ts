/**
 * The soak's world: the strict Unipile simulator on 127.0.0.1, the API's real app on 127.0.0.1
 * (the simulator's webhooks reach its ingestion route over HTTP, so late, lost, duplicated and
 * out-of-order webhooks are stored and applied as in production), and one runner over the same
 * database, all reading one manual clock.
 */
import { createServer, type Server } from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Db } from '@outreach/db';
import {
  createManualClock,
  createUnipileNetwork,
  createUnipileSimulator,
  type ManualClock,
  type RunningUnipileSimulator,
  type UnipileSimulator,
  type UnipileSimulatorOptions,
} from '@outreach/network';
import { pino } from 'pino';
// The API's own app, by its sources: the API depends on the runner for its tests, so a package
// dependency the other way would make a cycle in the workspace graph.
import { createApp } from '../../api/src/app.js';
import { createToolPeopleRuntime } from '../../api/src/auth/people-runtime.js';
import { createCallMeter } from '../src/accounts/call-meter.js';
import { createRunner, type Runner } from '../src/runner/runner.js';
import { createDbRunnerStore } from '../src/store/db-runner.store.js';
import type { RunnerStore } from '../src/store/runner-store.port.js';

/** The adapter's call timeout (real time); the runner is told, as its configuration tells it. */
const SOAK_CALL_TIMEOUT_MS = 10_000;

const API_KEY = 'soak-key';
const WEBHOOK_SECRET = 'soak-webhook-secret';

/** A reply as the runner recorded it, with the simulated time it was handled. */
export interface DetectedReply {
  accountId: string;
  publicIdentifier: string;
  occurredAt: Date;
  detectedAt: Date;
}

export interface SoakWorld {
  db: Db;
  clock: ManualClock;
  sim: UnipileSimulator;
  runner: Runner;
  /** Every `message_received` the runner wrote, in order. */
  detectedReplies: DetectedReply[];
  close(): Promise<void>;
}

export interface SoakWorldOptions {
  start: string;
  seed: string;
  pollsPerDay: number;
  /** Simulator settings on top of its strict defaults. */
  simulator?: UnipileSimulatorOptions;
}

export async function startSoakWorld(db: Db, options: SoakWorldOptions): Promise<SoakWorld> {
  const clock = createManualClock(options.start);
  // The API listens first, so that the simulator knows where its webhooks go.
  const apiServer = createServer();
  const apiUrl = await listen(apiServer);
  const sim = createUnipileSimulator({
    clock,
    apiKey: API_KEY,
    seed: options.seed,
    webhookUrl: `${apiUrl}/provider-webhooks/unipile`,
    webhookSecret: WEBHOOK_SECRET,
    // Moved by the soak's own flushes between passes, not by a background timer.
    tickMs: 3_600_000,
    ...options.simulator,
  });
  const simServer: RunningUnipileSimulator = await sim.listen(0);
  const logger = pino({ level: process.env['SOAK_LOG'] ?? 'silent' });
  // The API reads an account's status from the provider when a status webhook comes (not metered:
  // account reads reach no LinkedIn page).
  const { client: _apiClient, ...apiNetwork } = createUnipileNetwork({
    dsn: simServer.url,
    apiKey: API_KEY,
    clock,
  });
  apiServer.on(
    'request',
    createApp({
      db,
      logger,
      people: createToolPeopleRuntime(db, logger),
      productClock: clock,
      realClock: () => new Date(),
      settings: { rateLimitPerMinute: 1_000_000, apiKeyCacheMs: 5_000, webhookTargets: 'public' },
      pingDatabase: async () => undefined,
      provider: { webhookSecret: WEBHOOK_SECRET, network: apiNetwork, publicUrl: apiUrl },
    }),
  );

  const detectedReplies: DetectedReply[] = [];
  const store = recordingReplies(createDbRunnerStore(db), clock, detectedReplies);
  const callMeter = createCallMeter({
    store,
    clock,
    findAccount: (providerAccountId) => store.findAccountByProviderId(providerAccountId),
  });
  const { client: _client, ...network } = createUnipileNetwork({
    dsn: simServer.url,
    apiKey: API_KEY,
    clock,
    timeoutMs: SOAK_CALL_TIMEOUT_MS,
    callMeter,
  });
  const runner = createRunner(
    { store, network, clock, logger },
    {
      runnerId: 'soak',
      concurrency: 4,
      eventPollMs: 0,
      reconcilePollsPerDay: options.pollsPerDay,
      providerTimeoutMs: SOAK_CALL_TIMEOUT_MS,
    },
  );
  return {
    db,
    clock,
    sim,
    runner,
    detectedReplies,
    async close() {
      await simServer.close();
      apiServer.closeAllConnections();
      await new Promise<void>((resolve) => apiServer.close(() => resolve()));
    },
  };
}

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The runner's store, noting when each reply was handled (product time) on its way to the outbox. */
function recordingReplies(store: RunnerStore, clock: ManualClock, into: DetectedReply[]): RunnerStore {
  return {
    ...store,
    async recordEvent(event) {
      const result = await store.recordEvent(event);
      if (result && event.type === 'message_received') {
        const data = event.data as { accountId: string; lead: { publicIdentifier: string } };
        into.push({
          accountId: data.accountId,
          publicIdentifier: data.lead.publicIdentifier,
          occurredAt: event.occurredAt,
          detectedAt: clock(),
        });
      }
      return result;
    },
  };
}
