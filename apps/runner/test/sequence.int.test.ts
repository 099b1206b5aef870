/**
 * De-risks the runner's core promise: campaigns run from start to finish against the sandbox
 * network over simulated weeks, with the product's timing rules (delays counted after completion,
 * working hours, pacing), the invitation rules (note, already connected, expiry), the message rules
 * (InMail or wait for the connection, fallback to the generic body, missing variables) and their
 * events fired once each.
 */
import { describe, expect, it } from 'vitest';
import {
  allLeads,
  allLeadsDone,
  DAY,
  defined,
  drive,
  eventsOf,
  HOUR,
  MONDAY_TEN_AM,
  seedScenario,
  startWorld,
  step,
  type World,
} from './support/runner-harness.js';
import { networkWith } from './support/network-interference.js';

let world: World;

/** Inside 09:00-18:00 UTC on a weekday (the default working hours). */
function duringWorkingHours(at: string): boolean {
  const date = new Date(at);
  const minutes = date.getUTCHours() * 60 + date.getUTCMinutes();
  return date.getUTCDay() >= 1 && date.getUTCDay() <= 5 && minutes >= 9 * 60 && minutes < 18 * 60;
}

describe('a campaign with all four step types', () => {
  it('runs every lead through invitation, profile visit, message and screener within working hours', async () => {
    world = await startWorld();
    const scenario = await seedScenario(world, {
      leads: 6,
      steps: [
        step('invitation', { genericBody: 'Hi {{firstName}}, shall we connect?' }),
        step('visit_profile', { delay: 1 }),
        step('message', { delay: 2, bodies: ['Hello {{firstName}} from A', 'Hello {{firstName}} from B'] }),
        step('screener', { delay: 3, bodies: ['Are you hiring, {{firstName}}?'] }),
      ],
    });

    await drive(world, scenario, [world.runner()], { until: allLeadsDone(world, scenario), maxDays: 40 });

    const leads = await allLeads(world, scenario);
    expect(leads.map((lead) => [lead.status, lead.internalStatus, lead.currentStep])).toEqual(
      leads.map(() => ['completed', 'finished', 4]),
    );
    const received = world.sandbox.state.log.list();
    expect(received.every((action) => duringWorkingHours(action.at))).toBe(true);
    for (const lead of leads) {
      const mine = received.filter((action) => action.publicIdentifier === lead.publicIdentifier);
      expect(mine.map((action) => action.type)).toEqual([
        'invitation',
        'profile_visit',
        'message',
        'message',
      ]);
      expect(mine[0]?.note).toBe(`Hi ${lead.firstName}, shall we connect?`);
      expect(mine[2]?.content).toMatch(new RegExp(`^Hello ${lead.firstName} from [AB]$`));
      expect(mine[3]?.content).toBe(`Are you hiring, ${lead.firstName}?`);
      // Each delay counts whole days after the previous step completed (the acceptance, for the
      // invitation), so the gaps between actions are at least the delays.
      const gaps = mine.slice(1).map((action, n) => Date.parse(action.at) - Date.parse(mine[n]?.at ?? ''));
      expect(gaps[0]).toBeGreaterThanOrEqual(1 * DAY);
      expect(gaps[1]).toBeGreaterThanOrEqual(2 * DAY);
      expect(gaps[2]).toBeGreaterThanOrEqual(3 * DAY);
    }
    // One account, paced: no two actions of the sender within two minutes of each other.
    const times = received.map((action) => Date.parse(action.at)).sort((a, b) => a - b);
    expect(times.slice(1).every((at, n) => at - (times[n] ?? 0) >= 2 * 60_000)).toBe(true);

    const campaign = await world.db.campaigns.get(scenario.workspaceId, scenario.campaignId);
    expect(campaign?.status).toBe('completed');
    expect(await eventsOf(world, scenario, 'connection_request_accepted')).toHaveLength(6);
    expect(await eventsOf(world, scenario, 'campaign_completed')).toHaveLength(1);
    expect(await eventsOf(world, scenario, 'campaign_without_leads')).toHaveLength(1);
    const analytics = await world.db.actions.analytics(scenario.workspaceId, {
      campaignId: scenario.campaignId,
      from: new Date('2099-01-01'),
      to: new Date('2100-01-01'),
    });
    expect(analytics.totals).toMatchObject({ invitationsSent: 6, invitationsAccepted: 6, profileVisits: 6 });
  });
});

describe('invitation steps', () => {
  it('ends a lead whose invitation is not accepted within the timeout as invitation_expired', async () => {
    world = await startWorld({ acceptProbability: 0 });
    const scenario = await seedScenario(world, {
      leads: 2,
      settings: { invitationTimeoutDays: 3 },
      steps: [step('invitation'), step('visit_profile')],
    });

    await drive(world, scenario, [world.runner()], { until: allLeadsDone(world, scenario), maxDays: 10 });

    const leads = await allLeads(world, scenario);
    expect(leads.map((lead) => [lead.status, lead.internalStatus, lead.currentStep])).toEqual([
      ['completed', 'invitation_expired', 0],
      ['completed', 'invitation_expired', 0],
    ]);
    expect(world.sandbox.state.log.list().map((action) => action.type)).toEqual(['invitation', 'invitation']);
    expect(world.clock().getTime() - Date.parse('2099-03-02T09:00:00Z')).toBeGreaterThanOrEqual(3 * DAY);
    expect(await eventsOf(world, scenario, 'connection_request_accepted')).toHaveLength(0);
  });

  it("ends the lead at its invitation's expiry, not a moment later", async () => {
    world = await startWorld({ acceptProbability: 0 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      leads: 1,
      settings: { invitationTimeoutDays: 3 },
      steps: [step('invitation')],
    });

    await drive(world, scenario, [world.runner()], { until: allLeadsDone(world, scenario), maxDays: 5 });

    const [invitation] = world.sandbox.state.log.list({ type: 'invitation' });
    const [lead] = await allLeads(world, scenario);
    expect(lead?.internalStatus).toBe('invitation_expired');
    expect(lead?.completedAt?.getTime()).toBe(Date.parse(invitation?.at ?? '') + 3 * DAY);
  });

  it('skips the invitation of a lead who is already a connection', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 });
    const scenario = await seedScenario(world, {
      leads: 2,
      steps: [
        step('invitation', { genericBody: 'Hi' }),
        step('message', { bodies: ['Welcome {{firstName}}'] }),
      ],
    });

    await drive(world, scenario, [world.runner()], { until: allLeadsDone(world, scenario), maxDays: 5 });

    expect(world.sandbox.state.log.list().map((action) => action.type)).toEqual(['message', 'message']);
    expect((await allLeads(world, scenario)).every((lead) => lead.internalStatus === 'finished')).toBe(true);
    // Not even tried: a refused invitation is still a write on the account's record.
    const writes = world.sandbox.simulator.calls({ accountId: scenario.accountId, kind: 'write' });
    expect(writes.filter((call) => call.route.includes('invite'))).toEqual([]);
  });

  it('waits for an invitation the lead already has from the sender, without sending another', async () => {
    world = await startWorld({ acceptProbability: 0 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      leads: 1,
      steps: [step('invitation'), step('visit_profile')],
    });
    // The user invited the lead from LinkedIn itself before adding it to the campaign.
    const network = networkWith(world.network, {
      resolveMember: async (input) => ({
        ...(await world.network.resolveMember(input)),
        relationship: 'invitation_pending',
      }),
    });

    await world.runner({}, { network }).runOnce();

    expect(world.sandbox.state.log.list()).toEqual([]);
    const [lead] = await allLeads(world, scenario);
    expect([lead?.status, lead?.internalStatus, lead?.currentStep]).toEqual([
      'active',
      'invitation_pending',
      0,
    ]);
  });

  it('spends one profile retrieval on a lead it invites (the look-up), none to re-read the relationship', async () => {
    world = await startWorld({ acceptProbability: 0 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 1, steps: [step('invitation')] });

    await world.runner().runOnce();

    expect(world.sandbox.state.log.list().map((action) => action.type)).toEqual(['invitation']);
    const [lead] = await allLeads(world, scenario);
    expect(lead?.internalStatus).toBe('invitation_pending');
    expect(
      world.sandbox.simulator.calls({ accountId: scenario.accountId, kind: 'profile_read' }),
    ).toHaveLength(1);
  });
});

describe('an invitation step deleted while its invitation is out', () => {
  it('gives the lead the message of the step that took its place once it is a connection', async () => {
    world = await startWorld(
      { acceptProbability: 1, acceptDelayMinMs: HOUR, acceptDelayMaxMs: HOUR },
      MONDAY_TEN_AM,
    );
    const scenario = await seedScenario(world, {
      leads: 1,
      steps: [step('invitation'), step('message', { bodies: ['Thanks for connecting, {{firstName}}'] })],
    });
    await world.runner().runOnce();
    expect(world.sandbox.state.log.list().map((action) => action.type)).toEqual(['invitation']);

    // The user deletes the invitation step: the lead's next step is now the message, while its
    // record still says its invitation is out.
    const campaign = defined(
      await world.db.campaigns.get(scenario.workspaceId, scenario.campaignId),
      'a campaign',
    );
    await world.db.campaigns.replaceSequence(scenario.workspaceId, scenario.campaignId, {
      expectedVersion: campaign.version,
      steps: campaign.steps.slice(1),
    });
    await world.db.leads.adjustAfterStepDelete(scenario.workspaceId, scenario.campaignId, {
      index: 0,
      previousLength: 2,
    });
    await drive(world, scenario, [world.runner()], { until: allLeadsDone(world, scenario), maxDays: 2 });

    // The acceptance an hour later makes the lead a connection: the message goes that day, not at
    // the invitation's timeout weeks later, and the lead is not taken for one whose invitation step
    // just completed (which would skip the message).
    const actions = world.sandbox.state.log.list();
    expect(actions.map((action) => action.type)).toEqual(['invitation', 'message']);
    expect(Date.parse(actions[1]?.at ?? '') - Date.parse(MONDAY_TEN_AM)).toBeLessThan(DAY);
    const [lead] = await allLeads(world, scenario);
    expect([lead?.status, lead?.internalStatus]).toEqual(['completed', 'finished']);
  });
});

describe('message steps', () => {
  it('sends an InMail to a lead who is not a connection when the sender account allows it', async () => {
    world = await startWorld({ defaultInmailAllowed: true });
    const scenario = await seedScenario(world, {
      leads: 1,
      inmailAllowed: true,
      steps: [step('message', { bodies: ['Hello {{firstName}}'] })],
    });

    await drive(world, scenario, [world.runner()], { until: allLeadsDone(world, scenario), maxDays: 3 });

    expect(world.sandbox.state.log.list().map((action) => [action.type, action.content])).toEqual([
      ['inmail', 'Hello Ada0'],
    ]);
  });

  it('sends an InMail to a lead still not a connection after earlier steps, an invitation coming only later', async () => {
    world = await startWorld({ defaultInmailAllowed: true, acceptProbability: 0 });
    const scenario = await seedScenario(world, {
      leads: 1,
      inmailAllowed: true,
      steps: [
        step('visit_profile'),
        step('message', { bodies: ['Hello {{firstName}}'] }),
        step('invitation'),
      ],
    });

    await drive(world, scenario, [world.runner()], {
      until: async () => world.sandbox.state.log.list().length === 3,
      maxDays: 3,
    });

    expect(world.sandbox.state.log.list().map((action) => [action.type, action.content])).toEqual([
      ['profile_visit', null],
      ['inmail', 'Hello Ada0'],
      ['invitation', null],
    ]);
  });

  it('holds the message of a lead who is not a connection when the account has no InMail', async () => {
    world = await startWorld();
    const scenario = await seedScenario(world, { leads: 1, steps: [step('message', { bodies: ['Hello'] })] });
    const runner = world.runner();

    await runner.runOnce(); // 08:00, before working hours
    world.clock.set(MONDAY_TEN_AM);
    await runner.runOnce();

    const [lead] = await allLeads(world, scenario);
    expect([lead?.status, lead?.internalStatus, lead?.currentStep]).toEqual([
      'waiting',
      'awaiting_connection',
      0,
    ]);
    expect(lead?.nextActionAt?.getTime()).toBeGreaterThan(world.clock().getTime() + 30 * 60_000);
    expect(world.sandbox.state.log.list()).toEqual([]);
  });

  it('sends the generic body of a step whose variants are all disabled', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 });
    const message = step('message', { bodies: ['Old pitch'], genericBody: 'Hello {{firstName}}' });
    Object.assign(defined(message.variants?.[0], 'a variant'), { isDisabled: true });
    const scenario = await seedScenario(world, { leads: 1, steps: [message] });

    await drive(world, scenario, [world.runner()], { until: allLeadsDone(world, scenario), maxDays: 3 });

    expect(world.sandbox.state.log.list().map((action) => action.content)).toEqual(['Hello Ada0']);
    const [lead] = await allLeads(world, scenario);
    expect(lead?.variantChoices[message.id]).toMatchObject({ variantId: null, content: 'generic_body' });
  });

  it('falls back to the generic body and pauses a lead for whom nothing renders', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 });
    const scenario = await seedScenario(world, {
      leads: [
        { publicIdentifier: 'with-company', firstName: 'Grace', companyName: 'Navy' },
        { publicIdentifier: 'no-company', firstName: 'Alan' },
        { publicIdentifier: 'no-name' },
      ],
      steps: [step('message', { bodies: ['News for {{companyName}}'], genericBody: 'Hello {{firstName}}' })],
    });

    await drive(world, scenario, [world.runner()], {
      until: async () => (await allLeads(world, scenario)).every((lead) => lead.status !== 'waiting'),
      maxDays: 3,
      maxJumpMs: HOUR,
    });

    const sent = world.sandbox.state.log.list().map((action) => [action.publicIdentifier, action.content]);
    expect(sent.sort()).toEqual([
      ['no-company', 'Hello Alan'],
      ['with-company', 'News for Navy'],
    ]);
    const noName = (await allLeads(world, scenario)).find((lead) => lead.publicIdentifier === 'no-name');
    expect([noName?.status, noName?.internalStatus]).toEqual(['paused', 'missing_variable']);
  });
});
