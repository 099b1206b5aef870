/**
 * De-risks the campaign-level events: `campaign_without_leads` fires once each time an active
 * campaign runs out of waiting leads, not once per start: given new leads and run out again, it
 * fires again; checked again without a change, it adds nothing.
 */
import { describe, expect, it } from 'vitest';
import {
  allLeads,
  drive,
  eventsOf,
  HOUR,
  MONDAY_TEN_AM,
  seedScenario,
  startWorld,
  step,
  type World,
} from './support/runner-harness.js';

let world: World;

describe('an active campaign that runs out of waiting leads twice', () => {
  it('fires campaign_without_leads once per time it ran out', async () => {
    // Nobody accepts: the leads stay active (invitation out), the campaign stays active.
    world = await startWorld({ acceptProbability: 0 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 1, steps: [step('invitation')] });
    const { workspaceId, campaignId } = scenario;
    const runner = world.runner({ completionCheckMs: 0 });
    const noneWaiting = async () =>
      (await allLeads(world, scenario)).every((lead) => lead.status !== 'waiting');

    await drive(world, scenario, [runner], { until: noneWaiting, maxDays: 1 });
    await runner.runOnce();
    expect(await eventsOf(world, scenario, 'campaign_without_leads')).toHaveLength(1);

    // A new lead, added the way the API adds one.
    await world.db.leads.addMany(workspaceId, campaignId, [
      { publicIdentifier: 'late-lead', accountId: scenario.accountId },
    ]);
    await world.db.campaigns.countWaitingLeadsGiven(workspaceId, campaignId);
    world.clock.advance(HOUR);
    await drive(world, scenario, [runner], { until: noneWaiting, maxDays: 1 });
    await runner.runOnce();
    await runner.runOnce();

    const events = await eventsOf(world, scenario, 'campaign_without_leads');
    expect(events).toHaveLength(2);
    expect(new Set(events.map((event) => event.id)).size).toBe(2);
    expect(world.sandbox.state.log.list().map((action) => action.publicIdentifier)).toEqual([
      'lead-0',
      'late-lead',
    ]);
  });
});
