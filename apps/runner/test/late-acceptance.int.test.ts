/**
 * An accepted invitation counts once, whatever order the network reports it in. The provider
 * documents its new-relation events up to 8 h late while a reply arrives at once, so a lead may
 * have replied (and completed as `replied`), or its invitation may have timed out, before the
 * acceptance is known. The acceptance is then still recorded (its `connection_request_accepted`
 * event and its `invitation_accepted` action, so the campaign's and the workspace's
 * `invitationsAccepted` and the per-day series count it) and the lead keeps its state. Duplicates
 * (the same webhook twice, a webhook and a poll) and a handler that failed half-way add nothing.
 */
import type { NewProviderEvent } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import { createDbRunnerStore } from '../src/store/db-runner.store.js';
import type { RunnerStore } from '../src/store/runner-store.port.js';
import {
  allLeads,
  DAY,
  defined,
  drive,
  eventsOf,
  HOUR,
  seedScenario,
  startWorld,
  step,
  type Scenario,
  type World,
} from './support/runner-harness.js';

/** An invitation that stops on reply, then a message a day later. */
const STEPS = () => [
  step('invitation', { stopOnReply: true }),
  step('message', { delay: 1, stopOnReply: true, bodies: ['Hello {{firstName}}'] }),
];

async function invitedScenario(world: World, leads = 1, settings?: { invitationTimeoutDays: number }) {
  const scenario = await seedScenario(world, { leads, steps: STEPS(), ...(settings ? { settings } : {}) });
  await drive(world, scenario, [world.runner()], {
    until: async () =>
      (await allLeads(world, scenario)).every((lead) => lead.internalStatus === 'invitation_pending'),
    maxDays: 3,
  });
  const [invitation] = world.sandbox.state.log.list({ type: 'invitation' });
  return { scenario, providerAccountId: defined(invitation, 'an invitation').accountId };
}

/** The new-relation event as a webhook (or the poll, with `via: 'poll'`) stores it. */
function acceptanceOf(
  providerAccountId: string,
  lead: { providerId: string | null; publicIdentifier: string },
  occurredAt: Date,
  receivedAt: Date,
  via: 'poll' | 'webhook' = 'webhook',
): NewProviderEvent {
  const providerId = lead.providerId ?? '';
  return {
    eventId:
      via === 'poll'
        ? `unipile:relation:${providerAccountId}:${providerId}`
        : `unipile:webhook:new_relation:${providerAccountId}:${providerId}`,
    provider: 'unipile',
    type: 'invitation_accepted',
    providerAccountId,
    data: {
      type: 'invitation_accepted',
      accountId: providerAccountId,
      providerId,
      publicIdentifier: lead.publicIdentifier,
      occurredAt,
    },
    receivedAt,
  };
}

async function leadOf(world: World, scenario: Scenario, n = 0) {
  return defined((await allLeads(world, scenario))[n], `lead ${n}`);
}

/** A few passes of a runner, the clock moving a minute between them (events, derivations). */
async function passes(world: World, count = 3, store?: RunnerStore) {
  const runner = world.runner({}, store ? { store } : {});
  for (let n = 0; n < count; n += 1) {
    await runner.runOnce();
    world.clock.set(world.clock().getTime() + 60_000);
  }
}

/** The lead replies (at once, as the network reports messages) and completes as `replied`. */
async function replies(world: World, scenario: Scenario, providerAccountId: string, n = 0) {
  const lead = await leadOf(world, scenario, n);
  world.sandbox.state.forceInboundMessage(providerAccountId, lead.publicIdentifier, 'Thanks, let us talk');
  await drive(world, scenario, [world.runner()], {
    until: async () => (await leadOf(world, scenario, n)).internalStatus === 'replied',
    maxDays: 1,
  });
}

/**
 * Exactly one `connection_request_accepted` per lead of `leadIds`, and `invitationsAccepted` equal
 * to their number wherever the API reads it: the campaign's counters and summary, the campaign's
 * and the workspace's analytics (roll-ups, and the aggregation over the actions) and their per-day
 * series, on the day of the acceptance.
 */
async function expectAcceptedOnce(world: World, scenario: Scenario, leadIds: string[], acceptedOn: Date) {
  const { workspaceId, campaignId } = scenario;
  const events = await eventsOf(world, scenario, 'connection_request_accepted');
  expect(events.map((event) => event.data['leadId']).sort()).toEqual([...leadIds].sort());

  const count = leadIds.length;
  const campaign = defined(await world.db.campaigns.get(workspaceId, campaignId), 'the campaign');
  expect(campaign.counters?.invitationsAccepted).toBe(count);
  expect((await world.db.campaignStats.summaries(workspaceId, [campaignId])).get(campaignId)).toMatchObject({
    invitationsAccepted: count,
  });

  const window = { from: campaign.createdAt, to: new Date(world.clock().getTime() + DAY) };
  const day = acceptedOn.toISOString().slice(0, 10);
  const answers = [
    await world.db.actions.analytics(workspaceId, { ...window, campaignId }),
    await world.db.actions.analyticsFromActions(workspaceId, { ...window, campaignId }),
    await world.db.actions.analyticsTotals(workspaceId, { ...window, campaignIds: [campaignId] }),
    await world.db.actions.analyticsTotals(workspaceId, window),
  ];
  for (const answer of answers) {
    expect(answer.totals.invitationsAccepted).toBe(count);
    const perDay = answer.perDay.filter((row) => row.invitationsAccepted > 0);
    expect(perDay.map((row) => [row.date.slice(0, 10), row.invitationsAccepted])).toEqual([[day, count]]);
  }
}

describe('an acceptance reported late', () => {
  it('counts an acceptance reported after the lead replied, and the lead stays replied', async () => {
    const world = await startWorld({ acceptProbability: 0 });
    const { scenario, providerAccountId } = await invitedScenario(world);
    const acceptedAt = world.clock();
    world.clock.set(acceptedAt.getTime() + 10 * 60_000);
    await replies(world, scenario, providerAccountId);

    // The new-relation webhook of the acceptance (made before the reply) comes 8 hours late.
    world.clock.set(world.clock().getTime() + 8 * HOUR);
    const lead = await leadOf(world, scenario);
    await world.db.providerEvents.record(acceptanceOf(providerAccountId, lead, acceptedAt, world.clock()));
    await passes(world);

    const after = await leadOf(world, scenario);
    expect([after.status, after.internalStatus, after.currentStep, after.nextActionAt]).toEqual([
      'completed',
      'replied',
      0,
      null,
    ]);
    expect(after.invitationAcceptedAt).toEqual(acceptedAt);
    expect(world.sandbox.state.log.list({ type: 'message' })).toHaveLength(0);
    await expectAcceptedOnce(world, scenario, [lead.id], acceptedAt);
  });

  it('counts an acceptance reported before the reply once, however often it is reported again', async () => {
    const world = await startWorld({ acceptProbability: 0 });
    const { scenario, providerAccountId } = await invitedScenario(world);
    const lead = await leadOf(world, scenario);
    const acceptedAt = world.clock();
    // Accepted on the network, reported by the runner's poll at once.
    world.sandbox.state.forceAcceptance(providerAccountId, lead.publicIdentifier);
    await drive(world, scenario, [world.runner()], {
      until: async () => (await leadOf(world, scenario)).currentStep === 1,
      maxDays: 1,
    });
    await replies(world, scenario, providerAccountId);

    // The poll finds the relation again, and the webhook is delivered a second time.
    await world.db.providerEvents.record(
      acceptanceOf(providerAccountId, lead, acceptedAt, world.clock(), 'poll'),
    );
    await world.db.providerEvents.record(
      acceptanceOf(providerAccountId, lead, acceptedAt, world.clock(), 'webhook'),
    );
    await passes(world);

    expect(await leadOf(world, scenario)).toMatchObject({ status: 'completed', internalStatus: 'replied' });
    await expectAcceptedOnce(world, scenario, [lead.id], acceptedAt);
  });

  it('counts a late acceptance once when it is replayed, by a webhook and by the poll', async () => {
    const world = await startWorld({ acceptProbability: 0 });
    const { scenario, providerAccountId } = await invitedScenario(world);
    const acceptedAt = world.clock();
    await replies(world, scenario, providerAccountId);
    const lead = await leadOf(world, scenario);

    for (const via of ['webhook', 'poll', 'webhook'] as const) {
      world.clock.set(world.clock().getTime() + HOUR);
      await world.db.providerEvents.record(
        acceptanceOf(providerAccountId, lead, acceptedAt, world.clock(), via),
      );
      await passes(world, 2);
    }

    expect(await leadOf(world, scenario)).toMatchObject({ status: 'completed', internalStatus: 'replied' });
    await expectAcceptedOnce(world, scenario, [lead.id], acceptedAt);
  });

  it('counts a late acceptance once when its handling failed half-way and was retried', async () => {
    const world = await startWorld({ acceptProbability: 0 });
    const { scenario, providerAccountId } = await invitedScenario(world);
    const acceptedAt = world.clock();
    await replies(world, scenario, providerAccountId);
    const lead = await leadOf(world, scenario);

    // The first handling dies after the event was written, before the action was logged; the
    // second after the action was logged, before the lead was marked accepted.
    const store = createDbRunnerStore(world.db);
    const failed: string[] = [];
    const failing: RunnerStore = {
      ...store,
      logAction: async (action) => {
        if (action.type === 'invitation_accepted' && !failed.includes('action')) {
          failed.push('action');
          throw new Error('connection lost');
        }
        return store.logAction(action);
      },
      markInvitationAccepted: async () => {
        failed.push('mark');
        throw new Error('connection lost');
      },
    };
    await world.db.providerEvents.record(acceptanceOf(providerAccountId, lead, acceptedAt, world.clock()));
    // Each time handed back, and handled again a minute later (product time; real time here).
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await passes(world, 1, failing);
      world.clock.set(world.clock().getTime() + HOUR);
    }
    expect(failed).toEqual(['action', 'mark']);
    expect((await leadOf(world, scenario)).invitationAcceptedAt).toBeUndefined();
    // A healthy process handles it at last.
    await passes(world, 3);
    expect((await leadOf(world, scenario)).invitationAcceptedAt).toEqual(acceptedAt);

    expect(await leadOf(world, scenario)).toMatchObject({ status: 'completed', internalStatus: 'replied' });
    await expectAcceptedOnce(world, scenario, [lead.id], acceptedAt);
  });

  it('counts an acceptance reported after the invitation timed out, and the lead stays expired', async () => {
    const world = await startWorld({ acceptProbability: 0 });
    const { scenario, providerAccountId } = await invitedScenario(world, 1, { invitationTimeoutDays: 2 });
    await drive(world, scenario, [world.runner()], {
      until: async () => (await leadOf(world, scenario)).internalStatus === 'invitation_expired',
      maxDays: 5,
    });

    // LinkedIn keeps the invitation out: the lead accepts it after the campaign gave up on it.
    world.clock.set(world.clock().getTime() + HOUR);
    const acceptedAt = world.clock();
    const lead = await leadOf(world, scenario);
    for (const via of ['webhook', 'webhook', 'poll'] as const)
      await world.db.providerEvents.record(
        acceptanceOf(providerAccountId, lead, acceptedAt, new Date(acceptedAt.getTime() + 8 * HOUR), via),
      );
    world.clock.set(acceptedAt.getTime() + 8 * HOUR);
    await passes(world);

    const after = await leadOf(world, scenario);
    expect([after.status, after.internalStatus, after.nextActionAt]).toEqual([
      'completed',
      'invitation_expired',
      null,
    ]);
    expect(world.sandbox.state.log.list({ type: 'message' })).toHaveLength(0);
    await expectAcceptedOnce(world, scenario, [lead.id], acceptedAt);
  });

  it('counts an acceptance of an invitation whose lead was stopped meanwhile (as a withdrawal leaves it)', async () => {
    const world = await startWorld({ acceptProbability: 0 });
    const { scenario, providerAccountId } = await invitedScenario(world, 2);
    const [first, second] = await allLeads(world, scenario);
    const stopped = defined(first, 'a lead');
    const paused = defined(second, 'a lead');
    // A user closes one lead and pauses the other while their invitations are out: the invitation
    // was sent (a withdrawal will be recorded beside it), the lead left its sequence.
    await world.db.leads.setStatus(scenario.workspaceId, stopped.id, {
      status: 'completed',
      internalStatus: 'finished',
      nextActionAt: null,
    });
    await world.db.leads.setStatus(scenario.workspaceId, paused.id, {
      status: 'paused',
      internalStatus: 'paused_by_user',
      nextActionAt: null,
    });

    world.clock.set(world.clock().getTime() + HOUR);
    const acceptedAt = world.clock();
    for (const lead of [stopped, paused, stopped])
      await world.db.providerEvents.record(acceptanceOf(providerAccountId, lead, acceptedAt, acceptedAt));
    await passes(world);

    expect(await leadOf(world, scenario, 0)).toMatchObject({
      status: 'completed',
      internalStatus: 'finished',
    });
    expect(await leadOf(world, scenario, 1)).toMatchObject({
      status: 'paused',
      internalStatus: 'paused_by_user',
    });
    await expectAcceptedOnce(world, scenario, [stopped.id, paused.id], acceptedAt);
  });
});
