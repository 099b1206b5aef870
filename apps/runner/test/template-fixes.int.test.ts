/**
 * De-risks a campaign that silently "completes" when its template cannot be rendered: leads
 * paused with `missing_variable` say which variable they lack, and while they wait for the fix
 * the campaign stays active and fires no `campaign_completed`.
 */
import { describe, expect, it } from 'vitest';
import { allLeads, drive, eventsOf, seedScenario, startWorld, step } from './support/runner-harness.js';

describe('a campaign whose template has a misspelled variable', () => {
  it('pauses each lead with the variable it lacks and stays active, without campaign_completed', async () => {
    const world = await startWorld({ alreadyConnectedProbability: 1 });
    const scenario = await seedScenario(world, {
      leads: 2,
      steps: [step('message', { bodies: ['Hi {{firstName}}, how is {{compnay}} doing?'] })],
    });
    const runner = world.runner({ completionCheckMs: 0 });
    await drive(world, scenario, [runner], {
      until: async () => (await allLeads(world, scenario)).every((lead) => lead.status === 'paused'),
      maxDays: 2,
    });
    await runner.runOnce();
    await runner.runOnce();

    const leads = await allLeads(world, scenario);
    expect(leads.map((lead) => [lead.internalStatus, lead.missingVariables])).toEqual([
      ['missing_variable', ['compnay']],
      ['missing_variable', ['compnay']],
    ]);
    expect(world.sandbox.state.log.list({ type: 'message' })).toEqual([]);
    const campaign = await world.db.campaigns.get(scenario.workspaceId, scenario.campaignId);
    expect(campaign?.status).toBe('active');
    expect(await eventsOf(world, scenario, 'campaign_completed')).toEqual([]);
    expect(await eventsOf(world, scenario, 'campaign_without_leads')).toHaveLength(1);
  });
});
