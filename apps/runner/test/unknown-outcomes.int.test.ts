/**
 * De-risks actions whose outcome the runner does not know: the network acted, and the runner died
 * or heard a timeout or a 5xx. The pending idempotency key is kept until a retry with it learns the
 * outcome, whatever other answers come in between, so the network never acts twice; and an
 * acceptance reported before the runner marked the invitation as out is not lost. Daily-cap units
 * are counted once per action that happened, across kills.
 */
import { describe, expect, it } from 'vitest';
import { createDbRunnerStore } from '../src/store/db-runner.store.js';
import type { WorkspaceId } from '@outreach/db';
import type { RunnerStore } from '../src/store/runner-store.port.js';
import { dyingAfterAction, heldAtTheDoor, networkWith } from './support/network-interference.js';
import {
  allLeads,
  allLeadsDone,
  conversationOf,
  DAY,
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

/** The sandbox answers the first send after acting (a lost answer), then refuses the retry. */
function sendActsThenRetryIsRateLimited(accountId: string): void {
  world.sandbox.state.faults.arm({
    kind: 'timeout',
    operations: ['sendMessage'],
    afterAction: true,
    hangMs: 0,
  });
  world.sandbox.state.faults.arm({
    kind: 'rate_limit',
    accountId,
    operations: ['sendMessage'],
    retryAfterMs: HOUR,
  });
}

describe('a message whose first send acted but whose answer was lost', () => {
  it('is sent once although the retry was rate limited', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 1, steps: [step('message', { bodies: ['Hello'] })] });
    sendActsThenRetryIsRateLimited(scenario.accountId);

    await drive(world, scenario, [world.runner()], {
      until: allLeadsDone(world, scenario),
      maxJumpMs: 10 * MINUTE,
      maxDays: 2,
    });

    // The retry reconciled with the chat instead of sending: the rate limit armed for a second
    // send was never met.
    expect(world.sandbox.state.faults.list()).toMatchObject([{ kind: 'rate_limit' }]);
    expect(world.sandbox.state.log.list().map((action) => action.content)).toEqual(['Hello']);
    const [lead] = await allLeads(world, scenario);
    expect([lead?.status, lead?.internalStatus]).toEqual(['completed', 'finished']);
  });

  it('is sent once although the retry found the session lost', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 1, steps: [step('message', { bodies: ['Hello'] })] });
    const { accountId, workspaceId } = scenario;
    world.sandbox.state.faults.arm({
      kind: 'timeout',
      operations: ['sendMessage'],
      afterAction: true,
      hangMs: 0,
    });
    // The session is lost exactly while the retry reconciles with the provider.
    let reconciles = 0;
    const network = networkWith(world.network, {
      reconcileMessage(input) {
        reconciles += 1;
        if (reconciles === 1) world.sandbox.state.expireSession(accountId, 'logged out');
        return world.network.reconcileMessage(input);
      },
    });
    const runner = world.runner({}, { network });
    await drive(world, scenario, [runner], {
      until: async () => reconciles === 1,
      maxJumpMs: 10 * MINUTE,
      maxDays: 1,
    });
    const [parked] = await allLeads(world, scenario);
    expect(parked?.internalStatus).toBe('sender_unavailable');

    world.clock.advance(HOUR);
    world.sandbox.state.reconnect(accountId);
    await world.db.senderAccounts.setStatus(workspaceId, accountId, 'connected');
    await drive(world, scenario, [runner], { until: allLeadsDone(world, scenario), maxDays: 2 });

    expect(world.sandbox.state.log.list().map((action) => action.content)).toEqual(['Hello']);
  });
});

describe('messages whose sends acted but whose answers were lost', () => {
  it("are each in their lead's conversation once", async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      leads: 2,
      steps: [step('message', { bodies: ['Hello {{firstName}}'] })],
    });
    world.sandbox.state.faults.arm({
      kind: 'timeout',
      operations: ['sendMessage'],
      afterAction: true,
      hangMs: 0,
      count: 2,
    });

    await drive(world, scenario, [world.runner()], {
      until: allLeadsDone(world, scenario),
      maxJumpMs: 10 * MINUTE,
      maxDays: 1,
    });

    // Both sends were found done at the provider when retried: nothing went twice.
    expect(world.sandbox.state.faults.list()).toEqual([]);
    expect(
      world.sandbox.state.log
        .list()
        .map((action) => action.content)
        .sort(),
    ).toEqual(['Hello Ada0', 'Hello Ada1']);
    for (const [n, leadId] of scenario.leadIds.entries()) {
      const history = await conversationOf(world, scenario, leadId);
      expect(history.messages.map((message) => message.content)).toEqual([`Hello Ada${n}`]);
    }
  });
});

describe('an invitation accepted before the runner recorded it as sent', () => {
  // Accepted at once, the lead must move on within a day, not after the invitation's timeout.
  const steps = [step('invitation'), step('visit_profile')];

  it('completes its step when a runner killed right after the send is replaced', async () => {
    world = await startWorld({ acceptProbability: 0 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 1, steps });
    const dying = dyingAfterAction(world.network, 1);
    const doomed = world.runner({ leaseMs: 5 * MINUTE }, { network: dying.network });
    void doomed.runOnce();
    await dying.died;
    const [unresolved] = await allLeads(world, scenario);
    expect(unresolved?.internalStatus).not.toBe('invitation_pending');

    // The lead accepts at once; a restarted process reads the acceptance before it may take the
    // lead over (the dead runner's lease still holds), then takes it over when the lease ends.
    world.sandbox.state.forceAcceptance(scenario.accountId, 'lead-0');
    const restarted = world.runner({}, { store: createDbRunnerStore(world.db) });
    await restarted.runOnce();
    world.clock.advance(10 * MINUTE);
    await drive(world, scenario, [restarted], { until: allLeadsDone(world, scenario), maxDays: 2 });

    expect(world.sandbox.state.log.list().map((action) => action.type)).toEqual([
      'invitation',
      'profile_visit',
    ]);
    expect(await eventsOf(world, scenario, 'connection_request_accepted')).toHaveLength(1);
  });

  it('completes its step when the send acted but answered with an error', async () => {
    world = await startWorld({ acceptProbability: 0 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 1, steps });
    world.sandbox.state.faults.arm({
      kind: 'server_error',
      operations: ['sendInvitation'],
      afterAction: true,
    });
    const runner = world.runner();
    await runner.runOnce();
    world.sandbox.state.forceAcceptance(scenario.accountId, 'lead-0');

    await drive(world, scenario, [runner], {
      until: allLeadsDone(world, scenario),
      maxDays: 1,
      maxJumpMs: 10 * MINUTE,
    });

    expect(world.sandbox.state.log.list().map((action) => action.type)).toEqual([
      'invitation',
      'profile_visit',
    ]);
    expect(await eventsOf(world, scenario, 'connection_request_accepted')).toHaveLength(1);
  });
});

describe('an invitation whose send acted but answered with an error, not accepted yet', () => {
  /**
   * The lead's invitation goes out at 10:00 but the runner hears a 500; a later pass resumes it.
   * With `lookFails`, that pass's look at the relationship is answered with a 500 too.
   */
  async function resumedInvitation(options: Parameters<World['runner']>[0], lookFails = false) {
    world = await startWorld({ acceptProbability: 0 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      leads: 1,
      settings: { invitationTimeoutDays: 3 },
      steps: [step('invitation'), step('visit_profile')],
    });
    world.sandbox.state.faults.arm({
      kind: 'server_error',
      operations: ['sendInvitation'],
      afterAction: true,
    });
    let looks = 0;
    const network = networkWith(world.network, {
      getRelationship(input) {
        looks += 1;
        if (lookFails && looks === 1) {
          world.sandbox.state.faults.arm({ kind: 'server_error', operations: ['getRelationship'] });
        }
        return world.network.getRelationship(input);
      },
    });
    const runner = world.runner(options, { network });
    await drive(world, scenario, [runner], {
      until: async () => (await allLeads(world, scenario))[0]?.internalStatus === 'invitation_pending',
      maxDays: 2,
      maxJumpMs: 10 * MINUTE,
    });
    expect(looks).toBe(1);
    expect(world.sandbox.state.faults.list()).toEqual([]);
    const [lead] = await allLeads(world, scenario);
    return { scenario, lead };
  }

  it('waits for the acceptance from the time the invitation went out', async () => {
    const { scenario, lead } = await resumedInvitation({});

    expect([lead?.status, lead?.currentStep]).toEqual(['active', 0]);
    expect(lead?.invitationSentAt).toEqual(new Date(MONDAY_TEN_AM));
    expect(lead?.nextActionAt).toEqual(new Date(Date.parse(MONDAY_TEN_AM) + 3 * DAY));
    expect(world.sandbox.state.log.list().map((action) => action.type)).toEqual(['invitation']);
    expect(await eventsOf(world, scenario, 'connection_request_accepted')).toEqual([]);
  });

  it('looks again within the hour when the look at its relationship fails', async () => {
    const { lead } = await resumedInvitation({}, true);

    expect(lead?.invitationSentAt).toEqual(new Date(MONDAY_TEN_AM));
    expect(lead?.nextActionAt).toEqual(new Date(world.clock().getTime() + HOUR));
  });

  it('looks again no later than its expiry when the look fails and the recheck would be later', async () => {
    const { lead } = await resumedInvitation({ recheckMs: 10 * DAY }, true);

    expect(lead?.nextActionAt).toEqual(new Date(Date.parse(MONDAY_TEN_AM) + 3 * DAY));
  });
});

describe('daily-cap units across a runner killed mid-action', () => {
  /** The messages counted against the sender's cap on the scenario's day. */
  async function messagesCounted(workspaceId: WorkspaceId, accountId: string): Promise<number> {
    return (await world.db.accountUsage.get(workspaceId, accountId, 'day:2099-03-02')).messages;
  }

  it('counts one unit for one message when the runner dies before recording the action', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 1, steps: [step('message', { bodies: ['Hello'] })] });
    // The process dies as it is about to record the pending action: the write never lands.
    let die: () => void = () => undefined;
    const died = new Promise<void>((resolve) => {
      die = resolve;
    });
    const dyingStore: RunnerStore = {
      ...createDbRunnerStore(world.db),
      recordPendingAction: () => {
        die();
        return new Promise(() => undefined);
      },
    };
    void world.runner({ leaseMs: 5 * MINUTE }, { store: dyingStore }).runOnce();
    await died;

    world.clock.advance(10 * MINUTE);
    const restarted = world.runner({}, { store: createDbRunnerStore(world.db) });
    await drive(world, scenario, [restarted], { until: allLeadsDone(world, scenario), maxDays: 1 });

    expect(world.sandbox.state.log.list().map((action) => action.content)).toEqual(['Hello']);
    expect(await messagesCounted(scenario.workspaceId, scenario.accountId)).toBe(1);
  });

  it('counts one unit for one message when the runner dies at the network door and another resumes', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 1, steps: [step('message', { bodies: ['Hello'] })] });
    const door = heldAtTheDoor(world.network);
    void world.runner({ leaseMs: 5 * MINUTE }, { network: door.network }).runOnce();
    await door.arrived;

    world.clock.advance(10 * MINUTE);
    const restarted = world.runner({}, { store: createDbRunnerStore(world.db) });
    await drive(world, scenario, [restarted], { until: allLeadsDone(world, scenario), maxDays: 1 });

    expect(world.sandbox.state.log.list().map((action) => action.content)).toEqual(['Hello']);
    expect(await messagesCounted(scenario.workspaceId, scenario.accountId)).toBe(1);
  });

  it('gives the unit back when the send certainly did not happen', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 1, steps: [step('message', { bodies: ['Hello'] })] });
    world.sandbox.state.faults.arm({ kind: 'rate_limit', operations: ['sendMessage'], retryAfterMs: HOUR });

    await world.runner().runOnce();

    expect(world.sandbox.state.log.list()).toEqual([]);
    expect(await messagesCounted(scenario.workspaceId, scenario.accountId)).toBe(0);
  });
});
