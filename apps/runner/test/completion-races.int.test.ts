/**
 * De-risks leads stranded in a completed campaign: the runner finds no lead left to run and
 * completes the campaign while an import stores new leads. The import lands between the runner's
 * last look at the leads and its completion (the store runs it right there), the interleaving
 * that strands them.
 */
import { describe, expect, it } from 'vitest';
import type { RunnerStore } from '../src/store/runner-store.port.js';
import { seedScenario, startWorld, step } from './support/runner-harness.js';

describe('an import racing the completion of a campaign', () => {
  it('leaves the campaign active with the new lead waiting', async () => {
    const world = await startWorld();
    const scenario = await seedScenario(world, { leads: 1, steps: [step('visit_profile')] });
    const { workspaceId, campaignId } = scenario;
    for (const leadId of scenario.leadIds) {
      await world.db.leads.setStatus(workspaceId, leadId, {
        status: 'completed',
        internalStatus: 'finished',
        nextActionAt: null,
      });
    }
    let imported = false;
    const importing: RunnerStore = {
      ...world.store,
      // The runner's last look before completing: no lead waiting, active or awaiting a fix.
      async hasLeadAwaitingFix(...args) {
        const answer = await world.store.hasLeadAwaitingFix(...args);
        if (!imported) {
          imported = true;
          // A new lead, added the way the API adds one.
          await world.db.leads.addMany(workspaceId, campaignId, [
            { publicIdentifier: 'late-lead', accountId: scenario.accountId },
          ]);
          await world.db.campaigns.countWaitingLeadsGiven(workspaceId, campaignId);
        }
        return answer;
      },
    };
    const runner = world.runner({ completionCheckMs: 0 }, { store: importing });

    await runner.runOnce();

    expect(imported).toBe(true);
    expect((await world.db.campaigns.get(workspaceId, campaignId))?.status).toBe('active');
    // The next check finds the new lead and leaves the campaign running it.
    await runner.runOnce();
    expect((await world.db.campaigns.get(workspaceId, campaignId))?.status).toBe('active');
    const late = (await world.db.leads.list(workspaceId, campaignId)).items.find(
      (lead) => lead.publicIdentifier === 'late-lead',
    );
    expect(late?.status).not.toBe('completed');
  });
});
