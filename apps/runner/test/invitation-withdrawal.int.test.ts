/**
 * Invitations nobody answers are withdrawn once the workspace's withdrawal age (7 to 60 days,
 * default 21) has passed: LinkedIn restricts accounts with too many outstanding invitations. The
 * lead is closed `invitation_expired` with the withdrawal's time and keeps its step and send time
 * (a late acceptance still counts); a lead whose invitation id was never kept finds it among the
 * pending invitations; a lead closed sooner by its campaign's timeout has its invitation withdrawn
 * by the account's review once due; a withdrawn person is not invited again within 21 days from
 * any sender.
 */
import { describe, expect, it } from 'vitest';
import type { RunnerStore } from '../src/store/runner-store.port.js';
import {
  allLeads,
  DAY,
  defined,
  drive,
  HOUR,
  seedScenario,
  startWorld,
  step,
  type Scenario,
  type World,
} from './support/runner-harness.js';

const STEPS = () => [step('invitation'), step('message', { delay: 1, bodies: ['Hello {{firstName}}'] })];

async function invitedScenario(world: World, leads: number, store?: RunnerStore, withdrawAfterDays = 7) {
  const scenario = await seedScenario(world, {
    leads,
    steps: STEPS(),
    settings: { invitationTimeoutDays: 7 },
  });
  await world.db.workspaces.setInvitationSettings(scenario.workspaceId, { withdrawAfterDays });
  await drive(world, scenario, [world.runner({}, store ? { store } : {})], {
    until: async () =>
      (await allLeads(world, scenario)).every((lead) => lead.internalStatus === 'invitation_pending'),
    maxDays: 3,
  });
  return scenario;
}

async function expireAll(world: World, scenario: Scenario) {
  await drive(world, scenario, [world.runner()], {
    until: async () =>
      (await allLeads(world, scenario)).every((lead) => lead.internalStatus === 'invitation_expired'),
    maxDays: 12,
  });
}

describe('stale invitations', () => {
  it('withdraws an invitation left unanswered past the timeout and keeps the step for a late acceptance', async () => {
    const world = await startWorld({ acceptProbability: 0 });
    const scenario = await invitedScenario(world, 2);
    for (const lead of await allLeads(world, scenario)) expect(lead.invitationId).toEqual(expect.any(String));

    await expireAll(world, scenario);
    const withdrawals = world.sandbox.state.log.list({ type: 'invitation_withdrawal' });
    expect(withdrawals).toHaveLength(2);
    for (const lead of await allLeads(world, scenario)) {
      expect(lead).toMatchObject({
        status: 'completed',
        internalStatus: 'invitation_expired',
        currentStep: 0,
      });
      const sentAt = defined(lead.invitationSentAt, 'the send time');
      const withdrawnAt = defined(lead.invitationWithdrawnAt, 'the withdrawal time');
      expect(withdrawnAt.getTime() - sentAt.getTime()).toBeGreaterThanOrEqual(7 * DAY);
      expect(
        await world.store.lastInvitationWithdrawalAt(scenario.workspaceId, lead.publicIdentifier),
      ).toEqual(withdrawnAt);
    }
  });

  it('finds the id of an invitation sent before ids were kept among the pending invitations', async () => {
    const world = await startWorld({ acceptProbability: 0 });
    // A store that forgets the id, as the leads stored before this change.
    const forgetful: RunnerStore = {
      ...world.store,
      settleLead: (workspaceId, leadId, owner, settlement) => {
        const { invitationId: _forgotten, ...rest } = settlement;
        return world.store.settleLead(workspaceId, leadId, owner, rest);
      },
    };
    const scenario = await invitedScenario(world, 1, forgetful);
    const [before] = await allLeads(world, scenario);
    expect(defined(before, 'the lead').invitationId).toBeNull();

    await expireAll(world, scenario);
    expect(world.sandbox.state.log.list({ type: 'invitation_withdrawal' })).toHaveLength(1);
    const [after] = await allLeads(world, scenario);
    expect(defined(after, 'the lead').invitationWithdrawnAt).not.toBeNull();
  });

  it('withdraws the invitation of a lead its campaign closed sooner, within a day of the withdrawal age', async () => {
    const world = await startWorld({ acceptProbability: 0 });
    const scenario = await invitedScenario(world, 2, undefined, 10);
    await expireAll(world, scenario);
    // The campaign gave up after 7 days; the invitations are still out.
    expect(world.sandbox.state.log.list({ type: 'invitation_withdrawal' })).toHaveLength(0);
    for (const lead of await allLeads(world, scenario)) expect(lead.invitationWithdrawnAt).toBeNull();

    await drive(world, scenario, [world.runner()], {
      until: async () =>
        (await allLeads(world, scenario)).every((lead) => lead.invitationWithdrawnAt !== null),
      maxDays: 6,
    });
    expect(world.sandbox.state.log.list({ type: 'invitation_withdrawal' })).toHaveLength(2);
    for (const lead of await allLeads(world, scenario)) {
      const sentAt = defined(lead.invitationSentAt, 'the send time').getTime();
      const late = defined(lead.invitationWithdrawnAt, 'the withdrawal').getTime() - (sentAt + 10 * DAY);
      expect(late).toBeGreaterThanOrEqual(0);
      expect(late).toBeLessThan(DAY);
      expect(lead).toMatchObject({ status: 'completed', internalStatus: 'invitation_expired' });
    }
  });

  it('keeps pace with an account raised to 40 invitations a day: each withdrawn within hours of its due time', async () => {
    // The tier's floor of 20 withdrawals a day would leave half of a 40-a-day account's stale
    // invitations waiting for the next day, and the pile growing: the allowance follows the limit.
    const world = await startWorld({ acceptProbability: 0 });
    const scenario = await seedScenario(world, {
      leads: 40,
      steps: STEPS(),
      tier: 'sales_navigator',
      limits: { invitationsPerDay: 40, invitationsPerWeek: 200 },
      settings: {
        invitationTimeoutDays: 7,
        workingHours: { start: '00:00', end: '23:59', days: [1, 2, 3, 4, 5, 6, 7] },
      },
    });
    await world.db.workspaces.setInvitationSettings(scenario.workspaceId, { withdrawAfterDays: 7 });
    await drive(world, scenario, [world.runner()], {
      until: async () =>
        (await allLeads(world, scenario)).every((lead) => lead.internalStatus === 'invitation_pending'),
      maxDays: 3,
    });
    await expireAll(world, scenario);
    expect(world.sandbox.state.log.list({ type: 'invitation_withdrawal' })).toHaveLength(40);
    const lateness = (await allLeads(world, scenario)).map((lead) => {
      const dueAt = defined(lead.invitationSentAt, 'the send time').getTime() + 7 * DAY;
      return defined(lead.invitationWithdrawnAt, 'the withdrawal').getTime() - dueAt;
    });
    expect(Math.min(...lateness)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...lateness)).toBeLessThan(3 * HOUR);
  });

  it('does not invite a person again within 21 days of a withdrawal (no 422 cannot_resend_yet to cool the account down)', async () => {
    const world = await startWorld({ acceptProbability: 0 });
    const withdrawnAt = new Date(world.clock().getTime() - 2 * DAY);
    const store: RunnerStore = { ...world.store, lastInvitationWithdrawalAt: async () => withdrawnAt };
    const scenario = await seedScenario(world, { leads: 1, steps: STEPS() });
    await drive(world, scenario, [world.runner({}, { store })], {
      until: async () => (await allLeads(world, scenario))[0]?.internalStatus === 'awaiting_delay',
      maxDays: 2,
    });
    expect(world.sandbox.state.log.list({ type: 'invitation' })).toHaveLength(0);
    const [lead] = await allLeads(world, scenario);
    expect(lead).toMatchObject({ internalStatus: 'awaiting_delay', currentStep: 0 });
    expect(defined(lead?.nextActionAt, 'the next look').getTime()).toBeGreaterThanOrEqual(
      withdrawnAt.getTime() + 21 * DAY,
    );
  });
});
