/**
 * Every HTTP call the adapter makes for an account is taken from the call meter first, with its
 * kind: a budget that counted only some routes (issue 21, finding 2) would let profile reads and
 * list polls go past LinkedIn's limits unseen. The requests the simulator receives are counted in
 * front of it, so a call made without a take (or a take without a call) fails here. An action's
 * write past its deadline is neither taken nor made.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../src/clock.js';
import { CallBudgetExhaustedError, TransientNetworkError } from '../src/network.errors.js';
import type { ProviderCall, ProviderCallMeter } from '../src/provider/provider-call-meter.js';
import { createUnipileSimulator } from '../src/unipile-sim/unipile-simulator.js';
import { type UnipileNetwork, createUnipileNetwork } from '../src/unipile/unipile-network.adapter.js';
import { API_KEY, HOUR, PREDICTABLE_SIM, START, simAccount } from './unipile-harness.js';

const account = simAccount(7);
const clock = createManualClock(START);
const sim = createUnipileSimulator({ ...PREDICTABLE_SIM, clock });
const taken: ProviderCall[] = [];
let received = 0;
let refuse: ProviderCall['kind'] | null = null;
const meter: ProviderCallMeter = {
  async take(call) {
    if (call.kind === refuse)
      throw new CallBudgetExhaustedError(call.kind, new Date(clock().getTime() + HOUR));
    taken.push(call);
  },
};
let network: UnipileNetwork;
let close: () => Promise<void>;

beforeAll(async () => {
  const app = express();
  app.use('/api/v1', (_req, _res, next) => {
    received += 1;
    next();
  });
  app.use(sim.app);
  const server = createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  network = createUnipileNetwork({
    dsn: `http://127.0.0.1:${port}`,
    apiKey: API_KEY,
    clock,
    validateResponses: 'error',
    callMeter: meter,
  });
  close = async () => {
    server.closeAllConnections();
    server.close();
    await once(server, 'close');
  };
});
afterAll(() => close());
beforeEach(async () => {
  await sim.flush();
  sim.state.reset();
  clock.set(START);
  taken.length = 0;
  received = 0;
  refuse = null;
});

const kinds = () => taken.map((call) => call.kind);

describe('the call meter', () => {
  it('takes one call per HTTP request, with its kind, for every port method', async () => {
    const lead = { publicIdentifier: 'meter-lead' };
    const cases: [string, () => Promise<unknown>, ProviderCall['kind'][]][] = [
      [
        'resolveMember',
        () => network.resolveMember({ accountId: account, publicIdentifier: 'meter-lead' }),
        ['profile_read'],
      ],
      ['getRelationship', () => network.getRelationship({ accountId: account, lead }), ['profile_read']],
      ['visitProfile', () => network.visitProfile({ accountId: account, lead }), ['profile_read']],
      // Resolve the member, then invite.
      [
        'sendInvitation',
        () => network.sendInvitation({ accountId: account, lead }),
        ['profile_read', 'write'],
      ],
      // Member, its chats, the relationship (no chat yet), then the InMail.
      [
        'sendMessage (new chat)',
        () =>
          network.sendMessage({
            accountId: account,
            lead: { publicIdentifier: 'inmail-lead' },
            content: 'Hi',
            inmail: 'when_not_connected',
          }),
        ['profile_read', 'list_read', 'profile_read', 'write'],
      ],
      // Member, its chats, then the message in the chat that now exists.
      [
        'sendMessage (existing chat)',
        () =>
          network.sendMessage({
            accountId: account,
            lead: { publicIdentifier: 'inmail-lead' },
            content: 'Again',
            inmail: 'when_not_connected',
          }),
        ['profile_read', 'list_read', 'write'],
      ],
      [
        'reconcileInvitation',
        () =>
          network.reconcileInvitation({
            accountId: account,
            lead: { publicIdentifier: 'never-invited' },
            since: new Date(START),
          }),
        ['profile_read', 'profile_read', 'list_read'],
      ],
      [
        'reconcileMessage',
        () =>
          network.reconcileMessage({
            accountId: account,
            lead: { publicIdentifier: 'inmail-lead' },
            content: 'Hi',
            since: new Date(START),
          }),
        ['profile_read', 'list_read', 'list_read'],
      ],
      ['listRelations', () => network.listRelations({ accountId: account }), ['list_read']],
      [
        'listRecentMessages',
        () => network.listRecentMessages({ accountId: account, since: new Date(START) }),
        ['list_read'],
      ],
      ['getAccountStatus', () => network.getAccountStatus({ accountId: account }), ['account_read']],
    ];
    for (const [name, run, expected] of cases) {
      taken.length = 0;
      received = 0;
      await run();
      expect({ name, kinds: kinds() }).toEqual({ name, kinds: expected });
      expect({ name, received }).toEqual({ name, received: expected.length });
      expect(taken.every((call) => call.accountId === account && call.operation !== '')).toBe(true);
    }
  });

  it('a refused take stops the call before it reaches the provider, and passes through untouched', async () => {
    refuse = 'write';
    const error = await network
      .sendInvitation({ accountId: account, lead: { publicIdentifier: 'over-budget' } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CallBudgetExhaustedError);
    expect(error).toMatchObject({ kind: 'write' });
    // The member lookup went out; the invitation did not.
    expect(received).toBe(1);
    expect(sim.state.log.list({ type: 'invitation' })).toEqual([]);
  });
});

describe("an action's deadline", () => {
  it('stops its write once no time is left: not sent, not taken, an outcome the caller does not know', async () => {
    const deadline = { msLeft: () => 0 };
    const invitation = await network
      .sendInvitation({ accountId: account, lead: { publicIdentifier: 'too-late' }, deadline })
      .catch((e: unknown) => e);
    const message = await network
      .sendMessage({
        accountId: account,
        lead: { publicIdentifier: 'too-late' },
        content: 'Hi',
        inmail: 'when_not_connected',
        deadline,
      })
      .catch((e: unknown) => e);
    for (const error of [invitation, message]) expect(error).toBeInstanceOf(TransientNetworkError);
    // The reads on the way went out; neither write did.
    expect(kinds()).not.toContain('write');
    expect(sim.state.log.list()).toEqual([]);
  });

  it('lets the write go while time is left', async () => {
    await network.sendInvitation({
      accountId: account,
      lead: { publicIdentifier: 'in-time' },
      deadline: { msLeft: () => 60_000 },
    });
    expect(sim.state.log.list({ type: 'invitation' })).toHaveLength(1);
  });
});
