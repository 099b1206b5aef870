/**
 * A language model that fails never blocks sending: on a timeout, a 429, a malformed answer, a
 * refusal or an exhausted daily budget, ICP is decided and screener replies are read by the keyword
 * rules, and an AI tool without a value sends the step's generic body (else pauses the lead with
 * `missing_variable`). Every fallback is kept on the lead with its cause. Without a model, the
 * keyword rules decide as before AI existed, and the lead says so.
 */
import { icpDefinitionKey } from '@outreach/llm';
import type { SimulatorFault } from '@outreach/llm';
import { describe, expect, it } from 'vitest';
import { runnerWithModel, simulatedModel, useLlmSimulator } from './support/language-model.js';
import {
  allLeads,
  allLeadsDone,
  defined,
  drive,
  eventsOf,
  MONDAY_TEN_AM,
  seedScenario,
  startWorld,
  step,
  type World,
} from './support/runner-harness.js';

const endpoint = useLlmSimulator();
let world: World;

const CTO = 'CTO, VP Engineering; -agency';
const ada = { publicIdentifier: 'lead-0', firstName: 'Ada', headline: 'CTO at Acme', companyName: 'Acme' };
const OPENER = { key: 'opening_line', name: 'Personalised opening line' };

/** A message step whose only variant targets CTOs with an AI-written opener. */
function openerStep(genericBody: string | null) {
  const base = step('message', { bodies: ['{{ai.opening_line}} Shall we compare notes?'] });
  const [variant] = base.variants ?? [];
  return {
    ...base,
    genericBody,
    variants: [{ ...defined(variant, 'a variant'), icpDefinitionRaw: CTO, aiTools: [OPENER] }],
  };
}

describe('a failing language model', () => {
  it.each<[string, Record<string, string>, SimulatorFault, string]>([
    ['a timeout', { LLM_TIMEOUT_MS: '1000' }, { kind: 'hang' }, 'timeout'],
    ['a 429', { LLM_MAX_RETRIES: '0' }, { kind: 'rate_limit', retryAfterSeconds: 30 }, 'rate_limited'],
    ['a malformed answer', {}, { kind: 'malformed' }, 'malformed'],
    ['a refusal', {}, { kind: 'refusal' }, 'refusal'],
  ])(
    'after %s, decides ICP by keywords, sends the generic body and reads the reply by keywords, all visible on the lead',
    async (_name, env, fault, failure) => {
      world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
      const screener = {
        ...openerStep('Hello {{firstName}}, shall we compare notes?'),
        type: 'screener' as const,
      };
      const scenario = await seedScenario(world, {
        leads: [ada],
        steps: [screener, step('visit_profile', { delay: 3 })],
      });
      // The ICP question, the opener and the reading of the reply each meet the fault.
      endpoint.simulator.injectFaults(fault, fault, fault);
      const runner = runnerWithModel(world, simulatedModel(world, endpoint, env));
      await drive(world, scenario, [runner], {
        until: async () => world.sandbox.state.log.list({ type: 'message' }).length >= 1,
      });
      world.sandbox.state.forceInboundMessage(scenario.accountId, 'lead-0', 'Sounds good, tell me more');
      await drive(world, scenario, [runner], { until: allLeadsDone(world, scenario) });

      expect(world.sandbox.state.log.list({ type: 'message' }).map((action) => action.content)).toEqual([
        'Hello Ada, shall we compare notes?',
      ]);
      const [lead] = await allLeads(world, scenario);
      expect(lead?.icpDecisions[icpDefinitionKey(CTO)]).toMatchObject({
        matches: true,
        source: 'fallback',
        model: null,
        failure,
        reason: 'profile mentions "cto"',
      });
      expect(lead?.variantChoices[screener.id]).toMatchObject({
        variantId: screener.variants[0]?.id,
        content: 'generic_body',
        reason: expect.stringContaining('matches the ICP of this variant (fallback)'),
        aiTools: [{ key: 'opening_line', source: 'fallback', failure }],
      });
      expect(lead?.tags).toEqual(['interested']);
      expect(lead?.screenerAnalysis).toMatchObject({ tag: 'interested', source: 'fallback', failure });
      const [tagged] = await eventsOf(world, scenario, 'lead_tagged_interested');
      expect(tagged?.data['analysis']).toMatchObject({ label: 'interested', source: 'fallback', failure });
    },
  );

  it('sends the generic body and reads replies by keywords once the daily budget is spent', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const message = openerStep('Hello {{firstName}}, are you hiring?');
    const scenario = await seedScenario(world, {
      leads: [ada],
      steps: [{ ...message, type: 'screener' }, step('visit_profile', { delay: 3 })],
    });
    // One answer a day: the ICP decision takes it.
    const runner = runnerWithModel(world, simulatedModel(world, endpoint, { LLM_DAILY_BUDGET_CALLS: '1' }));
    await drive(world, scenario, [runner], {
      until: async () => world.sandbox.state.log.list({ type: 'message' }).length >= 1,
    });
    world.sandbox.state.forceInboundMessage(scenario.accountId, 'lead-0', 'Sounds good, tell me more');
    await drive(world, scenario, [runner], { until: allLeadsDone(world, scenario) });

    expect(world.sandbox.state.log.list({ type: 'message' }).map((action) => action.content)).toEqual([
      'Hello Ada, are you hiring?',
    ]);
    const [lead] = await allLeads(world, scenario);
    expect(lead?.icpDecisions[icpDefinitionKey(CTO)]).toMatchObject({ source: 'model', matches: true });
    expect(lead?.variantChoices[message.id]?.aiTools).toEqual([
      { key: 'opening_line', source: 'fallback', failure: 'budget_exhausted' },
    ]);
    expect(lead?.tags).toEqual(['interested']);
    const analysis = {
      label: 'interested',
      confidence: 1,
      reason: 'keyword rules read the reply as interested',
      source: 'fallback',
      model: null,
      failure: 'budget_exhausted',
    };
    expect(lead?.screenerAnalysis).toMatchObject({ tag: 'interested', ...analysis });
    const events = await eventsOf(world, scenario, 'lead_tagged_interested');
    expect(events.map((event) => event.data['analysis'])).toEqual([analysis]);
  });

  it('pauses the lead with missing_variable when an AI tool has no value and the step has no generic body', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const message = openerStep(null);
    const scenario = await seedScenario(world, { leads: [ada], steps: [message] });
    // The ICP question is answered (a fault of no delay), the opener comes back malformed.
    endpoint.simulator.injectFaults({ kind: 'delay', ms: 0 }, { kind: 'malformed' });

    await drive(world, scenario, [runnerWithModel(world, simulatedModel(world, endpoint))], {
      until: async () => (await allLeads(world, scenario))[0]?.status === 'paused',
    });

    expect(world.sandbox.state.log.list({ type: 'message' })).toEqual([]);
    const [lead] = await allLeads(world, scenario);
    expect(lead?.internalStatus).toBe('missing_variable');
    expect(lead?.icpDecisions[icpDefinitionKey(CTO)]).toMatchObject({ source: 'model', matches: true });
    expect(lead?.variantChoices[message.id]).toMatchObject({
      variantId: message.variants[0]?.id,
      content: 'missing_variable',
      aiTools: [{ key: 'opening_line', source: 'fallback', failure: 'malformed' }],
    });
  });
});

describe('a runner without a language model', () => {
  it('decides ICP by keywords, reads replies by keywords, and treats AI tools as missing values', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const message = openerStep('Hello {{firstName}}, are you hiring?');
    const scenario = await seedScenario(world, {
      leads: [ada],
      steps: [{ ...message, type: 'screener' }, step('visit_profile', { delay: 3 })],
    });
    const before = endpoint.simulator.requests.length;
    const runner = world.runner();
    await drive(world, scenario, [runner], {
      until: async () => world.sandbox.state.log.list({ type: 'message' }).length >= 1,
    });
    world.sandbox.state.forceInboundMessage(scenario.accountId, 'lead-0', 'Yes, we are');
    await drive(world, scenario, [runner], { until: allLeadsDone(world, scenario) });

    expect(endpoint.simulator.requests.length).toBe(before);
    expect(world.sandbox.state.log.list({ type: 'message' }).map((action) => action.content)).toEqual([
      'Hello Ada, are you hiring?',
    ]);
    const [lead] = await allLeads(world, scenario);
    expect(lead?.icpDecisions[icpDefinitionKey(CTO)]).toMatchObject({
      matches: true,
      source: 'keyword',
      failure: null,
    });
    expect(lead?.variantChoices[message.id]).toMatchObject({
      content: 'generic_body',
      aiTools: [{ key: 'opening_line', source: 'fallback', failure: 'not_configured' }],
    });
    expect(lead?.tags).toEqual(['matched']);
    const [tagged] = await eventsOf(world, scenario, 'lead_status_matched');
    expect(tagged?.data['analysis']).toMatchObject({ label: 'matched', source: 'keyword', confidence: 1 });
  });
});
