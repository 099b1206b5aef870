import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type ManualClock, createManualClock } from '../src/clock.js';
import { createHttpNetwork } from '../src/http/http-network.adapter.js';
import type { NetworkPort } from '../src/network.port.js';
import {
  type SandboxControlClient,
  createSandboxControlClient,
} from '../src/sandbox/sandbox-control.client.js';
import {
  type RunningSandbox,
  type SandboxNetwork,
  type SandboxNetworkOptions,
  createSandboxNetwork,
} from '../src/sandbox/sandbox-network.js';

export const START = '2025-03-03T09:00:00.000Z';
export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** A predictable network: nobody connected up front, every invitation accepted after one hour, every message answered after ten minutes. */
export const PREDICTABLE: SandboxNetworkOptions = {
  seed: 'tests',
  alreadyConnectedProbability: 0,
  acceptProbability: 1,
  acceptDelayMinMs: HOUR,
  acceptDelayMaxMs: HOUR,
  replyProbability: 1,
  replyDelayMinMs: 10 * MINUTE,
  replyDelayMaxMs: 10 * MINUTE,
  replyTexts: ['Hello back'],
};

export interface Harness {
  clock: ManualClock;
  sandbox: SandboxNetwork;
  running: RunningSandbox;
  network: NetworkPort;
  control: SandboxControlClient;
}

/** A real sandbox server on 127.0.0.1 with a manual clock, reached through the HTTP adapter. */
export async function startSandbox(
  options: SandboxNetworkOptions = PREDICTABLE,
  timeoutMs = 2_000,
): Promise<Harness> {
  const clock = createManualClock(START);
  const sandbox = createSandboxNetwork({ clock, ...options });
  const running = await sandbox.listen(0);
  const network = createHttpNetwork({ baseUrl: running.url, timeoutMs });
  return { clock, sandbox, running, network, control: createSandboxControlClient(running.url) };
}

/**
 * One sandbox for the test file: started before its tests, closed after them, and reset before
 * each test (it forgets accounts, relationships, faults and what it received; the clock goes back
 * to `START`). The object is filled in when the sandbox has started, so read it inside hooks and
 * tests only.
 */
export function useSandbox(options?: SandboxNetworkOptions): Harness {
  const harness = {} as Harness;
  beforeAll(async () => {
    Object.assign(harness, await startSandbox(options));
  });
  afterAll(() => harness.running.close());
  beforeEach(async () => {
    await harness.control.reset();
    harness.clock.set(START);
  });
  return harness;
}

let keys = 0;
/** A fresh idempotency key. */
export const newKey = () => `key-${++keys}`;

/** A sender account id in the project's `acc_` + 24 hex form. */
export const accountId = (n: number) => `acc_${n.toString(16).padStart(24, '0')}`;
