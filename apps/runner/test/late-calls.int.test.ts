/**
 * De-risks an action whose call is still on its way when another runner resumes it: the first
 * runner's step outlived its lease (a loaded machine, a slow provider), or a user set the lead
 * going again meanwhile. A resumed attempt that looked at the provider before the first call had
 * landed would find no trace of it and send again; so the first call may not go out past the time
 * its attempt recorded, and the resumed attempt does not look before then (and a margin). Either
 * way the lead gets one message. Time here is the test's clock; the first runner's call is held at
 * the network's door until the test lets it go.
 */
import { describe, expect, it } from 'vitest';
import { createDbRunnerStore } from '../src/store/db-runner.store.js';
import { heldAtTheDoor } from './support/network-interference.js';
import {
  allLeads,
  allLeadsDone,
  conversationOf,
  defined,
  drive,
  MINUTE,
  MONDAY_TEN_AM,
  seedScenario,
  startWorld,
  step,
  type World,
} from './support/runner-harness.js';

let world: World;

const sentContents = () => world.sandbox.state.log.list().map((action) => action.content);

async function oneMessageLead() {
  world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
  return seedScenario(world, { leads: 1, steps: [step('message', { bodies: ['Hello'] })] });
}

describe("a message whose first runner's call is held while another runner resumes it", () => {
  it('is sent once when the first call would go out after its lease ran out', async () => {
    const scenario = await oneMessageLead();
    const door = heldAtTheDoor(world.network);
    const firstPass = world.runner({}, { network: door.network }).runOnce();
    await door.arrived;

    // The first runner's lease runs out while its call waits; another runner takes the lead over,
    // finds no trace of the message at the provider and sends it.
    world.clock.advance(10 * MINUTE);
    const other = world.runner({}, { store: createDbRunnerStore(world.db) });
    await other.runOnce();
    expect(sentContents()).toEqual(['Hello']);

    // The first call gets going only now: its attempt's time is long over, so it is not sent.
    door.open();
    await firstPass;
    await drive(world, scenario, [other], { until: allLeadsDone(world, scenario), maxDays: 1 });

    expect(sentContents()).toEqual(['Hello']);
    const [lead] = await allLeads(world, scenario);
    expect([lead?.status, lead?.internalStatus]).toEqual(['completed', 'finished']);
  });

  it('is sent once when the lead is set going again while the first call is on its way', async () => {
    const scenario = await oneMessageLead();
    const door = heldAtTheDoor(world.network);
    const firstPass = world.runner({}, { network: door.network }).runOnce();
    await door.arrived;

    // A user sets the lead going again meanwhile: its lease is dropped, its pending key kept.
    const [lead] = await allLeads(world, scenario);
    const leadId = defined(lead, 'the lead').id;
    await world.db.leads.setStatus(scenario.workspaceId, leadId, {
      status: 'active',
      internalStatus: 'queued',
      nextActionAt: world.clock(),
    });
    // Another runner claims it at once and resumes the action, but does not look at the provider
    // yet: the first call may still land. Nobody may claim the lead before it can no more.
    const other = world.runner({}, { store: createDbRunnerStore(world.db) });
    await other.runOnce();
    expect(sentContents()).toEqual([]);
    const held = defined(await world.db.leads.get(scenario.workspaceId, leadId), 'the lead');
    expect(held.leaseOwner).toBeNull();
    expect(held.leaseUntil?.getTime()).toBeGreaterThan(world.realClock().getTime());

    // The first call goes on (or, on a slow machine, finds its time over and is not sent); later
    // the lead is resumed, and the provider's state decides whether the message goes.
    door.open();
    await firstPass;
    world.clock.advance(MINUTE);
    await drive(world, scenario, [other], { until: allLeadsDone(world, scenario), maxDays: 1 });

    expect(sentContents()).toEqual(['Hello']);
    const history = await conversationOf(world, scenario, leadId);
    expect(history.messages.map((message) => message.content)).toEqual(['Hello']);
  });
});
