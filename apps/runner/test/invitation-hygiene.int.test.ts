/**
 * An account's invitations as a whole: its pile of pending invitations never passes the
 * workspace's ceiling (invitations wait until withdrawals or acceptances bring it down), and the
 * acceptance guard stops an account whose invitations are hardly ever accepted, fires its event
 * once, and lets the account invite again only once a user lifts the stop.
 */
import { describe, expect, it } from 'vitest';
import {
  allLeads,
  DAY,
  defined,
  drive,
  eventsOf,
  seedScenario,
  startWorld,
  step,
  type Scenario,
  type World,
} from './support/runner-harness.js';

/**
 * Up to six hours between passes where nothing is due: these tests span days of product time, and
 * a pass costs real time on a loaded machine.
 */
const LONG_JUMP_MS = 6 * 60 * 60 * 1000;

/** Runs the account's passes for `days` of product time, whatever the leads do. */
async function driveFor(w: World, scenario: Scenario, days: number): Promise<void> {
  const until = w.clock().getTime() + days * DAY;
  await drive(w, scenario, [w.runner()], {
    until: async () => w.clock().getTime() >= until,
    maxDays: days + 1,
    maxJumpMs: LONG_JUMP_MS,
  });
}

const invitations = (w: World) => w.sandbox.state.log.list({ type: 'invitation' }).length;
const withdrawals = (w: World) => w.sandbox.state.log.list({ type: 'invitation_withdrawal' }).length;

async function account(w: World, scenario: Scenario) {
  return defined(await w.db.senderAccounts.get(scenario.workspaceId, scenario.accountId), 'the account');
}

describe('the ceiling of pending invitations', () => {
  it('holds invitations at the ceiling and sends again once withdrawals bring the pile down', async () => {
    const w = await startWorld({ acceptProbability: 0 });
    const scenario = await seedScenario(w, { leads: 12, steps: [step('invitation')], tier: 'premium' });
    await w.db.workspaces.setInvitationSettings(scenario.workspaceId, {
      outstandingCeiling: 6,
      withdrawAfterDays: 7,
    });

    // Three days: the day's limit would let all twelve go; the ceiling (less the two in flight a
    // review leaves room for) lets four.
    await driveFor(w, scenario, 3);
    expect(invitations(w)).toBe(4);
    const held = await account(w, scenario);
    expect(held.invitationPile).toMatchObject({ pending: 4, ceiling: 6, room: 0 });
    const waiting = (await allLeads(w, scenario)).filter((lead) => lead.invitationSentAt === null);
    expect(waiting).toHaveLength(8);

    // Past the withdrawal age the four are withdrawn, and the next ones go, never more than the
    // ceiling allows at once.
    let mostPending = 0;
    await drive(w, scenario, [w.runner()], {
      until: async () => {
        mostPending = Math.max(mostPending, invitations(w) - withdrawals(w));
        return withdrawals(w) >= 4 && invitations(w) >= 8;
      },
      maxDays: 9,
      maxJumpMs: LONG_JUMP_MS,
    });
    expect(mostPending).toBeLessThanOrEqual(6);
    expect(invitations(w)).toBe(8);
  });
});

describe('the acceptance guard', () => {
  it('stops the invitations of an account hardly anyone accepts, once, until a user lifts it', async () => {
    const w = await startWorld({ acceptProbability: 0.02 });
    const scenario = await seedScenario(w, {
      leads: 40,
      steps: [step('invitation')],
      tier: 'premium',
      limits: { invitationsPerDay: 5 },
    });
    // The guard's sample is the workspace's to set: 10 invitations here, to judge within days.
    await w.db.workspaces.setInvitationSettings(scenario.workspaceId, {
      withdrawAfterDays: 30,
      minSample: 10,
    });

    await drive(w, scenario, [w.runner()], {
      until: async () => (await account(w, scenario)).acceptanceGuard?.state === 'stopped',
      maxDays: 8,
      maxJumpMs: LONG_JUMP_MS,
    });
    const stopped = defined((await account(w, scenario)).acceptanceGuard, 'the guard');
    expect(stopped.sent).toBeGreaterThanOrEqual(10);
    expect(stopped.rate).toBeLessThan(0.1);
    const sentWhenStopped = invitations(w);

    // Stopped: no invitation for days, and the event fired once.
    await driveFor(w, scenario, 3);
    expect(invitations(w)).toBe(sentWhenStopped);
    // One event when each began (the rate may pass through halving on its way down), none since.
    const events = await eventsOf(w, scenario, 'acceptance_guard_started');
    const states = events.map((event) => (event.data as { state: string }).state);
    expect(states[0]).toBe('stopped');
    expect(new Set(states).size).toBe(states.length);
    const limits = (await account(w, scenario)).acceptanceGuard;
    expect(limits?.state).toBe('stopped');

    // A user lifts it: the account invites the rest.
    await w.db.accountInvitations.resume(scenario.workspaceId, scenario.accountId, w.clock());
    await drive(w, scenario, [w.runner()], {
      until: async () => invitations(w) > sentWhenStopped,
      maxDays: 3,
      maxJumpMs: LONG_JUMP_MS,
    });
    expect((await account(w, scenario)).acceptanceGuard?.resumedAt).not.toBeNull();
  });
});
