/**
 * De-risks how the runner changes leads it does not hold: network events never overwrite a user's
 * change made at the same time; a pending invitation is expired by its own send time only; a lead
 * whose invitation expired and that a user resumes gets its invitation step again under a new
 * idempotency key; and campaigns are checked for completion without counting their leads, right
 * after the last one finishes.
 */
import { describe, expect, it } from 'vitest';
import type { RunnerStore } from '../src/store/runner-store.port.js';
import { networkWith } from './support/network-interference.js';
import {
  allLeads,
  allLeadsDone,
  DAY,
  defined,
  drive,
  eventsOf,
  MONDAY_TEN_AM,
  seedScenario,
  startWorld,
  step,
  type Scenario,
  type World,
} from './support/runner-harness.js';

let world: World;

/** The world's store, with `userChange` made right after the event handler read the leads. */
function userActsWhileEventIsHandled(userChange: () => Promise<unknown>): RunnerStore {
  return {
    ...world.store,
    async findAccountLeads(workspaceId, accountId, publicIdentifier) {
      const leads = await world.store.findAccountLeads(workspaceId, accountId, publicIdentifier);
      await userChange();
      return leads;
    },
  };
}

async function theLead(scenario: Scenario) {
  return defined((await allLeads(world, scenario))[0], 'the lead');
}

describe('a user changing a lead while the runner handles a network event about it', () => {
  it('keeps the pause made while an acceptance was being handled', async () => {
    world = await startWorld({ acceptProbability: 0 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      leads: 1,
      steps: [step('invitation'), step('visit_profile')],
    });
    await world.runner().runOnce();
    const { id } = await theLead(scenario);
    world.sandbox.state.forceAcceptance(scenario.accountId, 'lead-0');
    const pause = () =>
      world.db.leads.setStatus(scenario.workspaceId, id, {
        status: 'paused',
        internalStatus: 'paused_by_user',
        nextActionAt: null,
      });

    await world.runner({}, { store: userActsWhileEventIsHandled(pause) }).runOnce();

    const lead = await theLead(scenario);
    expect([lead.status, lead.internalStatus, lead.nextActionAt]).toEqual(['paused', 'paused_by_user', null]);
    expect(await eventsOf(world, scenario, 'connection_request_accepted')).toHaveLength(1);
    expect(world.sandbox.state.log.list().map((action) => action.type)).toEqual(['invitation']);
  });

  it('keeps the status set by hand while a reply was being handled', async () => {
    world = await startWorld({ alreadyConnectedProbability: 1 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      leads: 1,
      steps: [
        step('message', { bodies: ['Hello'] }),
        step('message', { delay: 2, stopOnReply: true, bodies: ['Again'] }),
      ],
    });
    await world.runner().runOnce();
    const { id } = await theLead(scenario);
    world.sandbox.state.forceInboundMessage(scenario.accountId, 'lead-0', 'Not now');
    const markDone = () =>
      world.db.leads.setStatus(scenario.workspaceId, id, {
        status: 'completed',
        internalStatus: 'finished',
        nextActionAt: null,
      });

    await world.runner({}, { store: userActsWhileEventIsHandled(markDone) }).runOnce();

    const lead = await theLead(scenario);
    expect([lead.status, lead.internalStatus]).toEqual(['completed', 'finished']);
    expect(await eventsOf(world, scenario, 'message_received')).toHaveLength(1);
  });
});

describe('a pending invitation', () => {
  it('looked at before its timeout (counted from its sending) keeps waiting to be accepted', async () => {
    world = await startWorld({ acceptProbability: 0 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      leads: 1,
      settings: { invitationTimeoutDays: 2 },
      steps: [step('invitation'), step('visit_profile')],
    });
    const runner = world.runner();
    await runner.runOnce();
    // The timeout is lengthened after the invitation went out; the lead is due at the old expiry.
    await world.db.campaigns.update(scenario.workspaceId, scenario.campaignId, {
      settings: { invitationTimeoutDays: 5 },
    });

    world.clock.set('2099-03-04T10:00:00.000Z');
    await runner.runOnce();

    const lead = await theLead(scenario);
    expect([lead.status, lead.internalStatus, lead.currentStep]).toEqual(['active', 'invitation_pending', 0]);
    expect(lead.invitationSentAt).toEqual(new Date(MONDAY_TEN_AM));
    expect(lead.nextActionAt).toEqual(new Date('2099-03-07T10:00:00.000Z'));
    world.sandbox.state.forceAcceptance(scenario.accountId, 'lead-0');
    await drive(world, scenario, [runner], { until: allLeadsDone(world, scenario), maxDays: 2 });
    expect(world.sandbox.state.log.list().map((action) => action.type)).toEqual([
      'invitation',
      'profile_visit',
    ]);
  });
});

describe('a lead whose invitation expired, set back to waiting by a user', () => {
  it('runs its invitation step again under a new idempotency key, with a new timeout', async () => {
    world = await startWorld({ acceptProbability: 0 }, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      leads: 1,
      settings: { invitationTimeoutDays: 2 },
      steps: [step('invitation'), step('visit_profile')],
    });
    const keys: string[] = [];
    let withdrawn = false;
    const network = networkWith(world.network, {
      // The attempt's key, recorded on the lead before the call.
      async sendInvitation(input) {
        keys.push((await theLead(scenario)).pendingActionKey ?? '');
        return world.network.sendInvitation(input);
      },
      // Once expired here, the provider is taken to have dropped the invitation too.
      getRelationship: async (input) => (withdrawn ? 'none' : world.network.getRelationship(input)),
    });
    const runner = world.runner({}, { network });
    await drive(world, scenario, [runner], { until: allLeadsDone(world, scenario), maxDays: 4 });
    const expired = await theLead(scenario);
    expect(expired.internalStatus).toBe('invitation_expired');

    withdrawn = true;
    const resumedAt = world.clock();
    const { workspaceId, campaignId } = scenario;
    // What the API does: the lead is due now, its completed campaign paused; then it is started.
    await world.db.leads.setStatus(workspaceId, expired.id, {
      status: 'waiting',
      internalStatus: 'queued',
      nextActionAt: resumedAt,
    });
    await world.db.campaigns.transitionStatus(workspaceId, campaignId, { from: ['completed'], to: 'paused' });
    await world.db.campaigns.transitionStatus(workspaceId, campaignId, { from: ['paused'], to: 'active' });
    await runner.runOnce();

    expect(keys).toHaveLength(2);
    expect(keys[1]).not.toBe(keys[0]);
    const lead = await theLead(scenario);
    expect([lead.status, lead.internalStatus, lead.currentStep]).toEqual(['active', 'invitation_pending', 0]);
    expect(lead.nextActionAt).toEqual(new Date(resumedAt.getTime() + 2 * DAY));
  });
});

describe('completion checks', () => {
  it('read no lead counts while the campaign runs, and complete it in the pass its last lead finishes', async () => {
    world = await startWorld({}, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, { leads: 2, steps: [step('visit_profile')] });
    // The account's reconciliation poll (and its review of invitations, which counts them) is not
    // what is measured here: it is taken for the day.
    for (const accountId of scenario.accountIds)
      await world.db.senderAccounts.claimPoll(
        scenario.workspaceId,
        accountId,
        world.clock(),
        new Date(world.clock().getTime() + DAY),
      );
    const commands: string[] = [];
    const stop = world.db.watchCommands(({ commandName }) => commands.push(commandName));
    // Default options: no throttle on the check of a campaign this runner moved on.
    const runner = world.runner({ eventPollMs: 2_000 });

    await runner.runOnce(); // one lead goes, the other waits for the account's pacing gap
    expect(world.sandbox.state.log.list()).toHaveLength(1);
    expect(commands).not.toContain('aggregate');
    const waiting = (await allLeads(world, scenario)).find((lead) => lead.status === 'waiting');
    world.clock.set(defined(waiting?.nextActionAt, 'the waiting lead').toISOString());
    await runner.runOnce();
    expect(world.sandbox.state.log.list()).toHaveLength(2);
    stop();

    const campaign = await world.db.campaigns.get(scenario.workspaceId, scenario.campaignId);
    expect(campaign?.status).toBe('completed');
    const completed = await eventsOf(world, scenario, 'campaign_completed');
    expect(completed.map((event) => event.data['totalLeads'])).toEqual([2]);
  });
});
