/**
 * De-risks lease ownership inside one runner process: every claim has an owner of its own, so a
 * worker whose lease was taken from it (a user changed the lead, a network event made it due
 * again) cannot write over a later claim of the same lead by another worker of the same runner.
 * Were the runner's workers one owner, the stale worker's report would advance the lead a second
 * time and the step the other worker was about to run would be skipped.
 */
import { describe, expect, it } from 'vitest';
import type { RunnerStore } from '../src/store/runner-store.port.js';
import { networkWith } from './support/network-interference.js';
import {
  allLeads,
  defined,
  MONDAY_TEN_AM,
  seedScenario,
  startWorld,
  step,
  type World,
} from './support/runner-harness.js';

let world: World;

/** A promise with its resolve function, to hold one side of a race until the test lets it go. */
function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('two workers of one runner on the same lead', () => {
  it('leave the later claim alone when the earlier one reports after losing its lease', async () => {
    world = await startWorld({}, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      leads: 1,
      steps: [step('visit_profile'), step('visit_profile')],
    });
    const [firstStepId, secondStepId] = scenario.stepIds;
    const firstVisitArrived = signal();
    const firstVisitGoes = signal();
    const leaseTaken = signal();
    const secondStepReached = signal();
    const staleReportDone = signal();

    // Worker 1's visit of the first step is held at the network until the test lets it go.
    let visits = 0;
    const network = networkWith(world.network, {
      async visitProfile(input) {
        visits += 1;
        if (visits === 1) {
          firstVisitArrived.resolve();
          await firstVisitGoes.promise;
        }
        return world.network.visitProfile(input);
      },
    });
    // Worker 2 claims only once the lease was taken from worker 1, and is held before its action
    // of the second step until worker 1 has reported.
    let claims = 0;
    let settles = 0;
    const store: RunnerStore = {
      ...world.store,
      async claimDueLeads(workspaceId, campaignId, lease, limit) {
        claims += 1;
        if (claims === 2) await leaseTaken.promise;
        return world.store.claimDueLeads(workspaceId, campaignId, lease, limit);
      },
      async recordPendingAction(workspaceId, leadId, owner, action) {
        if (action.stepId === secondStepId) {
          secondStepReached.resolve();
          await staleReportDone.promise;
        }
        return world.store.recordPendingAction(workspaceId, leadId, owner, action);
      },
      async settleLead(workspaceId, leadId, owner, settlement) {
        settles += 1;
        // The second report is worker 1's, about the first step, after worker 2 completed it.
        const stale = settles === 2;
        try {
          return await world.store.settleLead(workspaceId, leadId, owner, settlement);
        } finally {
          if (stale) staleReportDone.resolve();
        }
      },
    };
    const runner = world.runner(
      { concurrency: 2, pacing: { minGapMinutes: 0, maxGapMinutes: 0 } },
      { network, store },
    );

    const pass = runner.runOnce();
    await firstVisitArrived.promise;
    // A user sets the lead going again meanwhile: the lease is dropped, the pending key kept.
    const [lead] = await allLeads(world, scenario);
    await world.db.leads.setStatus(scenario.workspaceId, defined(lead, 'the lead').id, {
      status: 'active',
      internalStatus: 'queued',
      nextActionAt: world.clock(),
    });
    leaseTaken.resolve();
    await secondStepReached.promise;
    firstVisitGoes.resolve();
    await pass;

    // Worker 2 resumed the first step's visit (a visit whose outcome is unknown is simply made
    // again), then made the second step's; worker 1's held visit reached the provider last. Each
    // step counts once.
    expect(world.sandbox.state.log.list().map((action) => action.type)).toEqual([
      'profile_visit',
      'profile_visit',
      'profile_visit',
    ]);
    const analytics = await world.db.actions.analytics(scenario.workspaceId, {
      campaignId: scenario.campaignId,
      from: new Date('2099-01-01'),
      to: new Date('2100-01-01'),
    });
    expect(analytics.perStep.map((entry) => [entry.stepId, entry.profileVisits]).sort()).toEqual(
      [
        [firstStepId, 1],
        [secondStepId, 1],
      ].sort(),
    );
    const [done] = await allLeads(world, scenario);
    expect([done?.status, done?.internalStatus, done?.currentStep]).toEqual(['completed', 'finished', 2]);
  });
});
