/**
 * De-risks two promises made to users: the A/B split of message variants is even (the rotation
 * counter is shared by every runner and never skips a turn when a lead is held back; a lead keeps
 * its variant across retries unless the step no longer has it), and a blocked lead receives
 * nothing, whether the block is workspace-wide or for the campaign, and whether it is set before the
 * campaign starts or in the middle of the sequence.
 */
import { describe, expect, it } from 'vitest';
import {
  allLeads,
  allLeadsDone,
  defined,
  drive,
  generatedLeads,
  HOUR,
  MONDAY_TEN_AM,
  seedScenario,
  startWorld,
  step,
  twoLeadsBetweenSteps,
  type World,
} from './support/runner-harness.js';

let world: World;

describe('variant rotation', () => {
  it('splits the leads evenly across the enabled variants, across two runners', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 });
    const scenario = await seedScenario(world, {
      leads: 18,
      accounts: 2,
      steps: [step('message', { bodies: ['Variant A', 'Variant B', 'Variant C'] })],
    });

    await drive(world, scenario, [world.runner(), world.runner()], { until: allLeadsDone(world, scenario) });

    const counts = new Map<string, number>();
    for (const action of world.sandbox.state.log.list()) {
      counts.set(action.content ?? '', (counts.get(action.content ?? '') ?? 0) + 1);
    }
    expect(Object.fromEntries(counts)).toEqual({ 'Variant A': 6, 'Variant B': 6, 'Variant C': 6 });
  });

  it('gives leads matching a variant ICP that variant, and skips disabled variants', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 });
    const message = step('message', { bodies: ['For everyone', 'For CTOs', 'Disabled'] });
    const [, forCtos, disabled] = message.variants ?? [];
    Object.assign(defined(forCtos, 'a second variant'), { icpDefinitionRaw: 'CTO' });
    Object.assign(defined(disabled, 'a third variant'), { isDisabled: true });
    const leads = generatedLeads(4).map((lead, n) => ({
      ...lead,
      headline: n < 2 ? 'CTO at Acme' : 'Designer',
    }));
    const scenario = await seedScenario(world, { leads, steps: [message] });

    await drive(world, scenario, [world.runner()], { until: allLeadsDone(world, scenario) });

    const sent = world.sandbox.state.log.list().map((action) => [action.publicIdentifier, action.content]);
    expect(sent.sort()).toEqual([
      ['lead-0', 'For CTOs'],
      ['lead-1', 'For CTOs'],
      ['lead-2', 'For everyone'],
      ['lead-3', 'For everyone'],
    ]);
  });
});

describe("a lead's assigned variant", () => {
  it('is the one sent when its first send was refused and retried', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      leads: 1,
      steps: [step('message', { bodies: ['Variant A', 'Variant B'] })],
    });
    world.sandbox.state.faults.arm({ kind: 'rate_limit', operations: ['sendMessage'], retryAfterMs: HOUR });

    await drive(world, scenario, [world.runner()], { until: allLeadsDone(world, scenario), maxDays: 1 });

    expect(world.sandbox.state.faults.list()).toEqual([]);
    expect(world.sandbox.state.log.list().map((action) => action.content)).toEqual(['Variant A']);
  });

  it('gives way to a variant of the step when the step no longer has it', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const message = step('message', { bodies: ['Variant A', 'Variant B'] });
    const scenario = await seedScenario(world, { leads: 1, steps: [message] });
    world.sandbox.state.faults.arm({ kind: 'rate_limit', operations: ['sendMessage'], retryAfterMs: HOUR });
    const runner = world.runner();
    await runner.runOnce();
    const [refused] = await allLeads(world, scenario);
    expect(refused?.internalStatus).toBe('awaiting_capacity');

    // The user rewrites the step's variants while the lead waits to retry.
    const campaign = defined(
      await world.db.campaigns.get(scenario.workspaceId, scenario.campaignId),
      'a campaign',
    );
    const rewritten = step('message', { bodies: ['Variant C'] });
    await world.db.campaigns.replaceSequence(scenario.workspaceId, scenario.campaignId, {
      expectedVersion: campaign.version,
      steps: [{ ...message, variants: rewritten.variants ?? [] }],
    });
    await drive(world, scenario, [runner], { until: allLeadsDone(world, scenario), maxDays: 1 });

    expect(world.sandbox.state.log.list().map((action) => action.content)).toEqual(['Variant C']);
  });
});

describe('variant rotation with ICP-targeted traffic', () => {
  it('splits the leads outside the ICP evenly over the general variants, however the others interleave', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 });
    const message = step('message', { bodies: ['General 1', 'General 2', 'For fintech'] });
    Object.assign(defined(message.variants?.[2], 'a third variant'), { icpDefinitionRaw: 'fintech' });
    // Handled one at a time, alternating: retail, fintech, retail, fintech...
    const leads = generatedLeads(8).map((lead, n) => ({
      ...lead,
      headline: n % 2 === 0 ? 'Buyer in retail' : 'Founder in fintech',
    }));
    const scenario = await seedScenario(world, { leads, steps: [message] });

    await drive(
      world,
      scenario,
      [world.runner({ concurrency: 1, pacing: { minGapMinutes: 0, maxGapMinutes: 0 } })],
      {
        until: allLeadsDone(world, scenario),
      },
    );

    const sent = world.sandbox.state.log.list();
    const retail = sent.filter((action) => Number(action.publicIdentifier.slice(5)) % 2 === 0);
    expect(retail.map((action) => action.content)).toEqual([
      'General 1',
      'General 2',
      'General 1',
      'General 2',
    ]);
    expect(sent.filter((action) => action.content === 'For fintech')).toHaveLength(4);
  });
});

describe('blocked leads', () => {
  it('sends nothing to leads blocked for the workspace or for the campaign before the start', async () => {
    world = await startWorld();
    const scenario = await seedScenario(world, {
      leads: 4,
      start: false,
      steps: [step('invitation'), step('message', { bodies: ['Hello'] })],
    });
    await world.db.blockedLeads.block(scenario.workspaceId, { scope: 'workspace' }, [
      { publicIdentifier: 'lead-1' },
    ]);
    await world.db.blockedLeads.block(
      scenario.workspaceId,
      { scope: 'campaign', campaignId: scenario.campaignId },
      [{ publicIdentifier: 'lead-2' }],
    );
    await world.db.campaigns.transitionStatus(scenario.workspaceId, scenario.campaignId, {
      from: ['draft'],
      to: 'active',
    });

    await drive(world, scenario, [world.runner()], { until: allLeadsDone(world, scenario) });

    const targets = new Set(world.sandbox.state.log.list().map((action) => action.publicIdentifier));
    expect([...targets].sort()).toEqual(['lead-0', 'lead-3']);
    const states = (await allLeads(world, scenario)).map((lead) => [
      lead.publicIdentifier,
      lead.internalStatus,
    ]);
    expect(states).toEqual([
      ['lead-0', 'finished'],
      ['lead-1', 'blocked'],
      ['lead-2', 'blocked'],
      ['lead-3', 'finished'],
    ]);
  });

  it('stops a lead blocked in the middle of its sequence before the next action', async () => {
    world = await startWorld();
    const { scenario, runner } = await twoLeadsBetweenSteps(world);

    await world.db.blockedLeads.block(scenario.workspaceId, { scope: 'workspace' }, [
      { publicIdentifier: 'lead-0' },
    ]);
    await drive(world, scenario, [runner], { until: allLeadsDone(world, scenario) });

    const sent = world.sandbox.state.log.list().map((action) => [action.publicIdentifier, action.type]);
    expect(sent.sort()).toEqual([
      ['lead-0', 'invitation'],
      ['lead-1', 'invitation'],
      ['lead-1', 'message'],
    ]);
    const lead0 = (await allLeads(world, scenario)).find((lead) => lead.publicIdentifier === 'lead-0');
    expect([lead0?.status, lead0?.internalStatus]).toEqual(['completed', 'blocked']);
  });
});
