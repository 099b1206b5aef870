/**
 * The runner with a language model configured, end to end on the sandbox: the model (the
 * OpenAI-compatible simulator, through the official `openai` client) decides ICP matches once per
 * lead and definition, writes the AI tool values rendered into the sent message, and reads screener
 * replies into tags whose events say why. A retry after a crash sends the text recorded before the
 * crash, without asking the model again.
 */
import { icpDefinitionKey } from '@outreach/llm';
import { describe, expect, it } from 'vitest';
import { dyingAfterAction } from './support/network-interference.js';
import { runnerWithModel, simulatedModel, uncachedModel, useLlmSimulator } from './support/language-model.js';
import {
  allLeads,
  allLeadsDone,
  conversationOf,
  defined,
  drive,
  eventsOf,
  MINUTE,
  MONDAY_TEN_AM,
  seedScenario,
  startWorld,
  step,
  type World,
} from './support/runner-harness.js';

const endpoint = useLlmSimulator();
let world: World;

const CTO = 'CTO, VP Engineering; -agency';
const leads = [
  { publicIdentifier: 'lead-0', firstName: 'Ada', headline: 'CTO at Acme', companyName: 'Acme' },
  { publicIdentifier: 'lead-1', firstName: 'Bob', headline: 'Sales manager', companyName: 'Beta' },
];

/** A message step whose first variant targets CTOs with an AI-written opener. */
function targetedStep(delay = 0) {
  const base = step('message', {
    delay,
    bodies: ['{{ai.opening_line}} Shall we compare notes?', 'Hi {{firstName}}'],
  });
  const [targeted, general] = base.variants ?? [];
  return {
    ...base,
    genericBody: 'Hello {{firstName}}, shall we compare notes?',
    variants: [
      {
        ...defined(targeted, 'a variant'),
        icpDefinitionRaw: CTO,
        aiTools: [{ key: 'opening_line', name: 'Personalised opening line' }],
      },
      defined(general, 'a variant'),
    ],
  };
}

describe('a runner with a language model', () => {
  it('decides ICP by the model once per lead and definition, keeps why, and sends the AI-written opener', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const first = targetedStep();
    const scenario = await seedScenario(world, { leads, steps: [first, targetedStep(1)] });
    const before = endpoint.simulator.requests.length;

    await drive(world, scenario, [runnerWithModel(world, simulatedModel(world, endpoint))], {
      until: allLeadsDone(world, scenario),
    });

    const sent = world.sandbox.state.log.list({ type: 'message' });
    const opener = 'Ada, your work as CTO at Acme caught my attention. Shall we compare notes?';
    expect(sent.map((action) => `${action.publicIdentifier}: ${action.content}`).sort()).toEqual([
      `lead-0: ${opener}`,
      `lead-0: ${opener}`,
      'lead-1: Hi Bob',
      'lead-1: Hi Bob',
    ]);
    // Two ICP questions (one per lead; the second step shares the definition) and one opener
    // (the second step's opener is the same question, answered from the cache).
    const tasks = endpoint.tasks().slice(before);
    expect(tasks.filter((task) => task === 'icp_decision')).toHaveLength(2);
    expect(tasks.filter((task) => task === 'ai_tool_value')).toHaveLength(1);

    const [ada, bob] = await allLeads(world, scenario);
    const key = icpDefinitionKey(CTO);
    expect(ada?.icpDecisions[key]).toMatchObject({
      matches: true,
      source: 'model',
      model: endpoint.simulator.model,
      failure: null,
      reason: expect.stringMatching(/^simulated model: .*cto/i),
    });
    expect(bob?.icpDecisions[key]).toMatchObject({ matches: false, source: 'model' });
    const targetedId = first.variants[0]?.id;
    expect(ada?.variantChoices[first.id]).toMatchObject({
      variantId: targetedId,
      icpDefinitionKey: key,
      content: 'variant',
      reason: expect.stringContaining('matches the ICP of this variant (model)'),
      aiTools: [{ key: 'opening_line', source: 'model', failure: null }],
    });
    expect(bob?.variantChoices[first.id]).toMatchObject({
      variantId: first.variants[1]?.id,
      content: 'variant',
      reason: "matches no variant's ICP: rotation over the variants without one",
      aiTools: [],
    });
    const history = await conversationOf(world, scenario, defined(ada, 'Ada').id);
    expect(history.messages.map((message) => message.content)).toEqual([opener, opener]);
  });

  it('tags screener replies by the model, with its reason and confidence in the event, and no tag below the confidence', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      leads: 2,
      steps: [
        step('screener', { bodies: ['Are you hiring engineers?'] }),
        step('visit_profile', { delay: 3 }),
      ],
    });
    const runner = runnerWithModel(world, simulatedModel(world, endpoint));
    await drive(world, scenario, [runner], {
      until: async () => world.sandbox.state.log.list({ type: 'message' }).length >= 2,
    });
    world.sandbox.state.forceInboundMessage(scenario.accountId, 'lead-0', 'Yes, we are growing the team');
    // The keyword rules would tag this `interested`; the model hesitates (0.4 < 0.7).
    world.sandbox.state.forceInboundMessage(scenario.accountId, 'lead-1', 'Maybe, interested but not sure');

    await drive(world, scenario, [runner], { until: allLeadsDone(world, scenario) });

    const [matched, hesitant] = await allLeads(world, scenario);
    expect([matched?.tags, hesitant?.tags]).toEqual([['matched'], []]);
    const events = await eventsOf(world, scenario, 'lead_status_matched');
    expect(events.map((event) => event.data)).toEqual([
      expect.objectContaining({
        leadId: matched?.id,
        tag: 'matched',
        source: 'screener',
        analysis: {
          label: 'matched',
          confidence: 0.75,
          reason: 'simulated model: the lead confirms the fit',
          source: 'model',
          model: endpoint.simulator.model,
          failure: null,
        },
      }),
    ]);
    expect(await eventsOf(world, scenario, 'lead_tagged_interested')).toEqual([]);
    expect(matched?.screenerAnalysis).toMatchObject({ tag: 'matched', source: 'model' });
    expect(hesitant?.screenerAnalysis).toMatchObject({
      tag: null,
      label: 'interested',
      confidence: 0.4,
      source: 'model',
      reason: expect.stringContaining('below 0.7: no tag'),
    });
  });

  it('sends the text recorded before a crash when the step is retried, without asking the model again', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      leads: [defined(leads[0], 'a lead')],
      steps: [targetedStep()],
    });
    const dying = dyingAfterAction(world.network, 1);
    const doomed = runnerWithModel(
      world,
      simulatedModel(world, endpoint),
      { leaseMs: 5 * MINUTE },
      dying.network,
    );
    void doomed.runOnce();
    await dying.died;
    const opener = 'Ada, your work as CTO at Acme caught my attention. Shall we compare notes?';
    expect(world.sandbox.state.log.list().map((action) => action.content)).toEqual([opener]);
    const [crashed] = await allLeads(world, scenario);
    expect(crashed?.pendingActionContent).toBe(opener);

    // Asked again, a model with a cache of its own would now refuse: the generic body would go out.
    const before = endpoint.simulator.requests.length;
    endpoint.simulator.injectFaults({ kind: 'refusal' }, { kind: 'refusal' });
    world.clock.advance(10 * MINUTE);
    await drive(world, scenario, [runnerWithModel(world, uncachedModel(world, endpoint))], {
      until: allLeadsDone(world, scenario),
    });

    expect(endpoint.simulator.requests.length).toBe(before);
    expect(world.sandbox.state.log.list().map((action) => action.content)).toEqual([opener]);
    const [lead] = await allLeads(world, scenario);
    const history = await conversationOf(world, scenario, defined(lead, 'the lead').id);
    expect(history.messages.map((message) => message.content)).toEqual([opener]);
    expect([lead?.status, lead?.pendingActionContent]).toEqual(['completed', null]);
  });
});
