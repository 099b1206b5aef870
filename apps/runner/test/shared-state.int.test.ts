/**
 * De-risks the state runners share through the database rather than their own memory: the pacing
 * gate of a sender account (two runner processes pace it together), the event feeds of every
 * connected account (read even after their campaigns ended), and the disconnection of an account
 * (recorded once per lost session, even when a runner dies between the event and the status
 * change, and never caused by the stale report of a session that was since replaced).
 */
import { describe, expect, it } from 'vitest';
import { createDbRunnerStore } from '../src/store/db-runner.store.js';
import type { RunnerStore } from '../src/store/runner-store.port.js';
import { networkWith } from './support/network-interference.js';
import {
  allLeads,
  allLeadsDone,
  conversationOf,
  defined,
  drive,
  eventsOf,
  HOUR,
  MINUTE,
  MONDAY_TEN_AM,
  seedScenario,
  startWorld,
  step,
  type World,
} from './support/runner-harness.js';

let world: World;

describe('two runner processes', () => {
  it('pace one sender account together: no two of its actions within the smallest gap', async () => {
    world = await startWorld({}, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 4, steps: [step('visit_profile')] });
    const processes = [0, 1].map(() =>
      world.runner({ concurrency: 2 }, { store: createDbRunnerStore(world.db) }),
    );

    await drive(world, scenario, processes, {
      until: allLeadsDone(world, scenario),
      maxDays: 1,
      maxJumpMs: 10 * MINUTE,
    });

    const times = world.sandbox.state.log
      .list()
      .map((action) => Date.parse(action.at))
      .sort((a, b) => a - b);
    expect(times).toHaveLength(4);
    const gaps = times.slice(1).map((at, n) => at - (times[n] ?? 0));
    expect(gaps.filter((gap) => gap < 2 * MINUTE)).toEqual([]);
  });
});

describe('the event feeds of connected accounts', () => {
  it('are read after the campaign completed, so a late reply is recorded and fires its event', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 1, steps: [step('message', { bodies: ['Hello'] })] });
    const runner = world.runner();
    await drive(world, scenario, [runner], {
      until: async () =>
        (await world.db.campaigns.get(scenario.workspaceId, scenario.campaignId))?.status === 'completed',
      maxDays: 1,
    });

    world.sandbox.state.forceInboundMessage(scenario.accountId, 'lead-0', 'Thanks, talk soon');
    expect((await runner.runOnce()).events).toBeGreaterThan(0);

    expect(await eventsOf(world, scenario, 'message_received')).toHaveLength(1);
    const [lead] = await allLeads(world, scenario);
    const history = await conversationOf(world, scenario, defined(lead, 'the lead').id);
    expect(history.messages.map((message) => [message.sender, message.content])).toEqual([
      ['account', 'Hello'],
      ['lead', 'Thanks, talk soon'],
    ]);
  });
});

describe('a lost session', () => {
  it('is recorded once and the account disconnected when a runner dies between the two writes', async () => {
    world = await startWorld({}, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 1, steps: [step('visit_profile')] });
    world.sandbox.state.expireSession(scenario.accountId, 'cookie expired');
    // The process dies right after the first of the two writes (the event, the status change)
    // reached the database, whichever comes first.
    let died = false;
    const dieOnce = () => {
      if (died) return;
      died = true;
      throw new Error('the runner process died');
    };
    const dying: RunnerStore = {
      ...world.store,
      async recordEvent(event) {
        const created = await world.store.recordEvent(event);
        if (event.type === 'network_account_disconnected') dieOnce();
        return created;
      },
      async disconnectAccount(workspaceId, accountId, disconnection) {
        const result = await world.store.disconnectAccount(workspaceId, accountId, disconnection);
        dieOnce();
        return result;
      },
    };

    await expect(world.runner({}, { store: dying }).runOnce()).rejects.toThrow('died');
    const restarted = world.runner({}, { store: createDbRunnerStore(world.db) });
    await restarted.runOnce();
    await restarted.runOnce();

    const account = await world.db.senderAccounts.get(scenario.workspaceId, scenario.accountId);
    expect([account?.status, account?.disconnectReason]).toEqual(['disconnected', 'cookie expired']);
    expect(await eventsOf(world, scenario, 'network_account_disconnected')).toHaveLength(1);
    expect(world.sandbox.state.log.list()).toEqual([]);
  });

  it('reported by the feed after the account was reconnected leaves the new session alone', async () => {
    world = await startWorld({}, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 2, steps: [step('visit_profile')] });
    const { accountId, workspaceId } = scenario;
    // The first action finds the session gone, before the feed is read again.
    let expired = false;
    const network = networkWith(world.network, {
      visitProfile(input) {
        if (!expired) world.sandbox.state.expireSession(accountId, 'logged out');
        expired = true;
        return world.network.visitProfile(input);
      },
    });
    const runner = world.runner({}, { network });
    await runner.runOnce();
    expect((await world.db.senderAccounts.get(workspaceId, accountId))?.status).toBe('disconnected');

    world.clock.advance(HOUR);
    world.sandbox.state.reconnect(accountId);
    await world.db.senderAccounts.setStatus(workspaceId, accountId, 'connected');
    await drive(world, scenario, [runner], { until: allLeadsDone(world, scenario), maxDays: 1 });

    expect((await world.db.senderAccounts.get(workspaceId, accountId))?.status).toBe('connected');
    expect(world.sandbox.state.log.list()).toHaveLength(2);
    expect(await eventsOf(world, scenario, 'network_account_disconnected')).toHaveLength(1);
  });

  it('of a reconnected account that loses its session again fires again', async () => {
    world = await startWorld({}, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 1, steps: [step('visit_profile', { delay: 1 })] });
    const { accountId, workspaceId } = scenario;
    const runner = world.runner();
    for (const reason of ['cookie expired', 'logged out']) {
      world.sandbox.state.expireSession(accountId, reason);
      await runner.runOnce();
      world.clock.advance(HOUR);
      world.sandbox.state.reconnect(accountId);
      await world.db.senderAccounts.setStatus(workspaceId, accountId, 'connected');
    }

    const events = await eventsOf(world, scenario, 'network_account_disconnected');
    expect(events.map((event) => event.data['reason']).sort()).toEqual(['cookie expired', 'logged out']);
  });
});
