/**
 * De-risks the runner's safety under the conditions of production: a runner killed in the middle of
 * a step and restarted sends nothing twice and loses no lead; runners side by side never send
 * twice; a graceful shutdown hands unfinished leads back; pausing a campaign stops its work before
 * the next external call.
 */
import type { ReceivedAction } from '@outreach/network';
import { describe, expect, it } from 'vitest';
import { createDbRunnerStore } from '../src/store/db-runner.store.js';
import { duringFirstLeadRead, dyingAfterAction, heldAtTheDoor } from './support/network-interference.js';
import {
  allLeads,
  allLeadsDone,
  DAY,
  drive,
  HOUR,
  MINUTE,
  MONDAY_TEN_AM,
  seedScenario,
  startWorld,
  step,
  twoLeadsBetweenSteps,
  type World,
} from './support/runner-harness.js';

let world: World;

/** The actions each lead received, in order, by public identifier. */
function actionsByLead(received: readonly ReceivedAction[]): Record<string, string[]> {
  const byLead: Record<string, string[]> = {};
  for (const action of received) (byLead[action.publicIdentifier] ??= []).push(action.type);
  return byLead;
}

describe('a runner killed in the middle of a step', () => {
  it('is replaced by a restarted runner that sends nothing twice and loses no lead', async () => {
    world = await startWorld();
    const scenario = await seedScenario(world, {
      leads: 3,
      steps: [step('invitation'), step('message', { bodies: ['A {{firstName}}', 'B {{firstName}}'] })],
    });
    // The runner dies right after its 4th action reached the network: usually the first message,
    // or the third invitation when an acceptance came early.
    const dying = dyingAfterAction(world.network, 4);
    const doomed = world.runner({ concurrency: 1, leaseMs: 5 * MINUTE }, { network: dying.network });
    // Passes every half hour until the process dies; its last pass never returns.
    void (async () => {
      for (;;) {
        world.clock.advance(30 * MINUTE);
        await doomed.runOnce();
      }
    })();
    await dying.died;
    const killedAction = world.sandbox.state.log.list().at(-1);
    const killedLead = (await allLeads(world, scenario)).find(
      (lead) => lead.publicIdentifier === killedAction?.publicIdentifier,
    );
    // The action reached the provider; the lead still holds it as pending (outcome unknown).
    expect(killedLead?.pendingActionKey).toMatch(new RegExp(`^${killedLead?.id ?? 'none'}:`));

    // The lease runs out; a restarted process (fresh memory) takes over.
    world.clock.advance(10 * MINUTE);
    const restarted = world.runner({}, { store: createDbRunnerStore(world.db) });
    await drive(world, scenario, [restarted], { until: allLeadsDone(world, scenario) });

    const received = world.sandbox.state.log.list();
    expect(actionsByLead(received)).toEqual({
      'lead-0': ['invitation', 'message'],
      'lead-1': ['invitation', 'message'],
      'lead-2': ['invitation', 'message'],
    });
    expect((await allLeads(world, scenario)).map((lead) => lead.internalStatus)).toEqual([
      'finished',
      'finished',
      'finished',
    ]);
    const analytics = await world.db.actions.analytics(scenario.workspaceId, {
      campaignId: scenario.campaignId,
      from: new Date('2099-01-01'),
      to: new Date('2100-01-01'),
    });
    expect(analytics.totals).toMatchObject({ invitationsSent: 3, messagesSent: 3 });
  });
});

describe('runners side by side', () => {
  it('never send twice and complete every lead', async () => {
    world = await startWorld();
    const scenario = await seedScenario(world, {
      leads: 8,
      accounts: 2,
      steps: [
        step('invitation'),
        step('visit_profile'),
        step('message', { bodies: ['Hello {{firstName}}'] }),
      ],
    });
    const runners = [0, 1, 2].map(() =>
      world.runner({ concurrency: 3 }, { store: createDbRunnerStore(world.db) }),
    );

    await drive(world, scenario, runners, { until: allLeadsDone(world, scenario) });

    const expected = Object.fromEntries(
      Array.from({ length: 8 }, (_, n) => [`lead-${n}`, ['invitation', 'profile_visit', 'message']]),
    );
    expect(actionsByLead(world.sandbox.state.log.list())).toEqual(expected);
  });
});

describe('graceful shutdown', () => {
  it('gives back the lease of a step still running at the deadline, and the step is resumed', async () => {
    world = await startWorld();
    world.clock.set(MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 1, steps: [step('visit_profile')] });
    const door = heldAtTheDoor(world.network);
    const stopping = world.runner({ concurrency: 1 }, { network: door.network });
    stopping.start(5);
    await door.arrived;

    await stopping.stop(50);

    const [held] = await allLeads(world, scenario);
    expect(held?.leaseOwner).toBeNull();
    expect(held?.pendingActionKey).not.toBeNull();
    await world.runner({}, { store: createDbRunnerStore(world.db) }).runOnce();
    door.open();
    await new Promise((resolve) => setTimeout(resolve, 50));

    const [done] = await allLeads(world, scenario);
    expect([done?.status, done?.internalStatus]).toEqual(['completed', 'finished']);
    // A visit whose outcome is unknown is simply made again (a second visit is harmless): the held
    // call and the resumed one both reach the provider, for this one lead, and the step completes once.
    const visits = world.sandbox.state.log.list();
    expect(visits.map((action) => [action.type, action.publicIdentifier])).toEqual([
      ['profile_visit', done?.publicIdentifier],
      ['profile_visit', done?.publicIdentifier],
    ]);
    const analytics = await world.db.actions.analytics(scenario.workspaceId, {
      campaignId: scenario.campaignId,
      from: new Date('2099-01-01'),
      to: new Date('2100-01-01'),
    });
    expect(analytics.totals).toMatchObject({ profileVisits: 1 });
  });
});

describe('pausing a campaign', () => {
  it('stops its work until it is started again', async () => {
    world = await startWorld();
    const { scenario, runner } = await twoLeadsBetweenSteps(world);
    const { workspaceId, campaignId } = scenario;
    await world.db.campaigns.transitionStatus(workspaceId, campaignId, { from: ['active'], to: 'paused' });
    const sentBeforePause = world.sandbox.state.log.list().length;

    for (let pass = 0; pass < 12; pass += 1) {
      world.clock.advance(6 * HOUR);
      await runner.runOnce();
    }
    expect(world.sandbox.state.log.list()).toHaveLength(sentBeforePause);
    expect((await allLeads(world, scenario)).map((lead) => [lead.status, lead.currentStep])).toEqual([
      ['active', 1],
      ['active', 1],
    ]);

    await world.db.campaigns.transitionStatus(workspaceId, campaignId, { from: ['paused'], to: 'active' });
    await drive(world, scenario, [runner], { until: allLeadsDone(world, scenario), maxDays: 3 });
    expect(world.sandbox.state.log.list({ type: 'message' })).toHaveLength(2);
  });

  it('stops the step of a lead whose campaign is paused while the step reads the network', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 });
    world.clock.set(MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 1, steps: [step('message', { bodies: ['Hello'] })] });
    const pause = () =>
      world.db.campaigns
        .transitionStatus(scenario.workspaceId, scenario.campaignId, { from: ['active'], to: 'paused' })
        .then(() => undefined);
    const runner = world.runner({}, { network: duringFirstLeadRead(world.network, pause) });

    await runner.runOnce();

    expect(world.sandbox.state.log.list()).toEqual([]);
    const [lead] = await allLeads(world, scenario);
    expect([lead?.status, lead?.currentStep, lead?.leaseOwner, lead?.pendingActionKey]).toEqual([
      'waiting',
      0,
      null,
      null,
    ]);
    expect(lead?.nextActionAt?.getTime()).toBeLessThanOrEqual(world.clock().getTime() + DAY);
  });

  // The two message steps that take no turn of the variant rotation, which then cannot confirm
  // the campaign: it is read again instead.
  it.each(['a step without variants', 'a lead whose variant was assigned on an earlier try'])(
    'stops the message of %s when the campaign is paused while the step reads the network',
    async (which) => {
      world = await startWorld({ alreadyConnectedProbability: 1 });
      world.clock.set(MONDAY_TEN_AM);
      const withoutVariants = which === 'a step without variants';
      const scenario = await seedScenario(world, {
        leads: 1,
        steps: [
          withoutVariants
            ? step('message', { genericBody: 'Hello {{firstName}}' })
            : step('message', { bodies: ['Hello {{firstName}}', 'Hi {{firstName}}'] }),
        ],
      });
      const { workspaceId, campaignId } = scenario;
      if (!withoutVariants) {
        // An earlier try assigned the lead its variant and certainly sent nothing (its key is gone).
        const campaign = await world.db.campaigns.get(workspaceId, campaignId);
        const [stepDef] = campaign?.steps ?? [];
        const lease = { owner: 'earlier-try', now: world.clock(), leaseMs: 60_000 };
        const [lead] = await world.db.leadLeases.claimDueBatch(workspaceId, campaignId, lease, 1);
        await world.db.leadLeases.recordPendingAction(workspaceId, lead?.id ?? '', lease.owner, {
          key: 'earlier-try-key',
          stepId: stepDef?.id ?? '',
          variantId: stepDef?.variants?.[1]?.id ?? '',
        });
        await world.db.leadLeases.completeStep(workspaceId, lead?.id ?? '', lease.owner, {
          advanceBy: 0,
          status: 'active',
          internalStatus: 'queued',
          nextActionAt: world.clock(),
        });
        expect((await allLeads(world, scenario))[0]?.assignedVariants).toEqual({
          [stepDef?.id ?? '']: stepDef?.variants?.[1]?.id,
        });
      }
      const pause = () =>
        world.db.campaigns
          .transitionStatus(workspaceId, campaignId, { from: ['active'], to: 'paused' })
          .then(() => undefined);
      const runner = world.runner({}, { network: duringFirstLeadRead(world.network, pause) });

      await runner.runOnce();

      expect(world.sandbox.state.log.list()).toEqual([]);
      const [lead] = await allLeads(world, scenario);
      expect([lead?.currentStep, lead?.leaseOwner, lead?.pendingActionKey]).toEqual([0, null, null]);
    },
  );
});
