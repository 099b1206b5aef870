/**
 * De-risks what happens when leads answer: replies join the lead's conversation and fire
 * `message_received` once, `stopOnReply` completes the lead before the next step, a screener's
 * reply tags the lead (and fires the tag's event), and messages a user queued in a conversation
 * are sent once through the sender account.
 */
import { describe, expect, it } from 'vitest';
import { createDbRunnerStore } from '../src/store/db-runner.store.js';
import {
  allLeads,
  allLeadsDone,
  conversationOf,
  defined,
  drive,
  eventsOf,
  seedScenario,
  startWorld,
  step,
  type World,
} from './support/runner-harness.js';

let world: World;

async function firstMessageSentToAll(count: number): Promise<boolean> {
  return world.sandbox.state.log.list({ type: 'message' }).length >= count;
}

describe('replies', () => {
  it('completes a lead who replied when its next step stops on reply, and goes on with the others', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 });
    const scenario = await seedScenario(world, {
      leads: 2,
      steps: [
        step('message', { bodies: ['First {{firstName}}'] }),
        step('message', { delay: 2, stopOnReply: true, bodies: ['Follow-up {{firstName}}'] }),
      ],
    });
    const runner = world.runner();
    await drive(world, scenario, [runner], { until: () => firstMessageSentToAll(2) });
    const accountId = scenario.accountId;
    world.sandbox.state.forceInboundMessage(accountId, 'lead-0', 'Thanks, but not now');

    await drive(world, scenario, [runner], { until: allLeadsDone(world, scenario) });

    const leads = await allLeads(world, scenario);
    expect(leads.map((lead) => [lead.publicIdentifier, lead.status, lead.internalStatus])).toEqual([
      ['lead-0', 'completed', 'replied'],
      ['lead-1', 'completed', 'finished'],
    ]);
    const messages = world.sandbox.state.log.list({ type: 'message' });
    expect(messages.map((action) => action.content).sort()).toEqual([
      'First Ada0',
      'First Ada1',
      'Follow-up Ada1',
    ]);

    const received = await eventsOf(world, scenario, 'message_received');
    expect(received).toHaveLength(1);
    expect(received[0]?.data).toMatchObject({
      campaignId: scenario.campaignId,
      leadId: leads[0]?.id,
      accountId,
      content: 'Thanks, but not now',
      lead: { id: leads[0]?.id, publicIdentifier: 'lead-0', firstName: 'Ada0' },
    });
    const conversation = await world.db.conversations.getByUrn(
      scenario.workspaceId,
      String(received[0]?.data['conversationUrn']),
    );
    expect(conversation?.messages.map((message) => [message.sender, message.content])).toEqual([
      ['account', 'First Ada0'],
      ['lead', 'Thanks, but not now'],
    ]);
  });

  it('records a reply once, however often a restarted runner finds it again at the provider', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 });
    const scenario = await seedScenario(world, {
      leads: 1,
      steps: [step('message', { bodies: ['Hello'] }), step('message', { delay: 5, bodies: ['Again'] })],
    });
    await drive(world, scenario, [world.runner()], { until: () => firstMessageSentToAll(1) });
    world.sandbox.state.forceInboundMessage(scenario.accountId, 'lead-0', 'Hi back');
    expect((await world.runner().runOnce()).events).toBeGreaterThan(0);

    // A restarted process polls the provider from scratch: what it finds again is stored already
    // (same provider event ids), so nothing is handled twice.
    const restarted = world.runner({}, { store: createDbRunnerStore(world.db) });
    expect((await restarted.runOnce()).events).toBe(0);
    expect((await world.runner({}, { store: createDbRunnerStore(world.db) }).runOnce()).events).toBe(0);

    expect(await eventsOf(world, scenario, 'message_received')).toHaveLength(1);
    const [lead] = await allLeads(world, scenario);
    expect([lead?.status, lead?.currentStep]).toEqual(['active', 1]);
  });

  it("tags a lead from its answer to a screener and fires the tag's event once", async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 });
    const scenario = await seedScenario(world, {
      leads: 2,
      steps: [step('screener', { bodies: ['Are you hiring?'] }), step('visit_profile', { delay: 3 })],
    });
    const runner = world.runner();
    await drive(world, scenario, [runner], { until: () => firstMessageSentToAll(2) });
    const accountId = scenario.accountId;
    world.sandbox.state.forceInboundMessage(accountId, 'lead-0', 'Sounds good, tell me more');
    world.sandbox.state.forceInboundMessage(accountId, 'lead-1', 'Not interested, thanks');
    world.sandbox.state.forceInboundMessage(accountId, 'lead-1', 'Really, not interested');

    await drive(world, scenario, [runner], { until: allLeadsDone(world, scenario) });

    const leads = await allLeads(world, scenario);
    expect(leads.map((lead) => [lead.publicIdentifier, lead.tags])).toEqual([
      ['lead-0', ['interested']],
      ['lead-1', ['discarded']],
    ]);
    const interested = await eventsOf(world, scenario, 'lead_tagged_interested');
    expect(interested.map((event) => event.data)).toEqual([
      expect.objectContaining({ leadId: leads[0]?.id, tag: 'interested', source: 'screener' }),
    ]);
    expect(await eventsOf(world, scenario, 'lead_status_discarded')).toHaveLength(1);
    expect(await eventsOf(world, scenario, 'message_received')).toHaveLength(3);
  });
});

describe('queued conversation messages', () => {
  it('sends a message queued by a user once, through the sender account, and marks it sent', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 });
    const scenario = await seedScenario(world, { leads: 1, steps: [step('message', { bodies: ['Hello'] })] });
    const runner = world.runner();
    await drive(world, scenario, [runner], { until: allLeadsDone(world, scenario) });
    const [lead] = await allLeads(world, scenario);
    const conversation = await conversationOf(world, scenario, defined(lead, 'the lead').id);
    await world.db.messages.queueOutgoing(scenario.workspaceId, conversation.id, 'Any news?');

    await runner.runOnce();
    await runner.runOnce();

    const sent = world.sandbox.state.log.list({ type: 'message' });
    expect(sent.map((action) => action.content)).toEqual(['Hello', 'Any news?']);
    const history = await conversationOf(world, scenario, conversation.leadId);
    expect(history.messages.map((message) => [message.content, message.state])).toEqual([
      ['Hello', 'sent'],
      ['Any news?', 'sent'],
    ]);
  });

  it('sends replies accepted together in one conversation one at a time, in acceptance order', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 });
    const scenario = await seedScenario(world, { leads: 1, steps: [step('message', { bodies: ['Hello'] })] });
    await drive(world, scenario, [world.runner()], { until: allLeadsDone(world, scenario) });
    const [lead] = await allLeads(world, scenario);
    const conversation = await conversationOf(world, scenario, defined(lead, 'the lead').id);
    // Ten replies accepted at once, as ten concurrent API requests queue them.
    await Promise.all(
      Array.from({ length: 10 }, (_, n) =>
        world.db.messages.queueOutgoing(scenario.workspaceId, conversation.id, `reply ${n}`),
      ),
    );
    const accepted = (await conversationOf(world, scenario, conversation.leadId)).messages
      .filter((message) => message.state === 'queued')
      .map((message) => message.content);
    expect(accepted).toHaveLength(10);

    // Three runner processes, each with several workers, claim them together.
    const runners = [0, 1, 2].map(() => world.runner({}, { store: createDbRunnerStore(world.db) }));
    const allSent = async () => world.sandbox.state.log.list({ type: 'message' }).length >= 11;
    await drive(world, scenario, runners, { until: allSent, maxDays: 10 });

    const sent = world.sandbox.state.log.list({ type: 'message' }).map((action) => action.content);
    expect(sent).toEqual(['Hello', ...accepted]);
    const history = await conversationOf(world, scenario, conversation.leadId);
    expect(history.messages.map((message) => message.content)).toEqual(['Hello', ...accepted]);
  });
});
