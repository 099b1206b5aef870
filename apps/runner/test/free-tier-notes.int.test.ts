/**
 * A free account's invitations with a note: the day's invitation cap holds whether or not they
 * carry a note, and the few notes a month go on invitations that are sent, not on attempts held
 * back by the account's pacing. The quota holds even when the month's count is read before a note
 * another runner just sent is counted: the day's counter is taken with the quota as its cap.
 */
import { usagePeriods } from '@outreach/domain';
import { describe, expect, it } from 'vitest';
import { createDbRunnerStore } from '../src/store/db-runner.store.js';
import type { CapacitySlot, RunnerStore } from '../src/store/runner-store.port.js';
import {
  HOUR,
  MONDAY_MORNING,
  MONDAY_TEN_AM,
  drive,
  seedScenario,
  startWorld,
  step,
} from './support/runner-harness.js';

describe("a free account's noted invitations", () => {
  it("stop at the daily cap and each of the day's five carries its note", async () => {
    const world = await startWorld();
    const scenario = await seedScenario(world, {
      tier: 'free',
      leads: 12,
      steps: [step('invitation', { genericBody: 'Hello {{firstName}}, shall we connect?' })],
    });
    // The provider knows the account as free too (the runner re-reads the tier from it).
    world.sandbox.simulator.state.createAccount(scenario.accountId, 'free');
    const noon = new Date(MONDAY_MORNING).getTime() + 4 * HOUR;

    await drive(world, scenario, [world.runner()], {
      until: async () => world.clock().getTime() >= noon,
      maxJumpMs: HOUR,
    });

    const invitations = world.sandbox.state.log.list().filter((action) => action.type === 'invitation');
    // The free tier's defaults: 5 invitations a day, 5 with a note a month.
    expect(invitations).toHaveLength(5);
    // Whichever leads the pacing let through first, each went with its own note.
    for (const invitation of invitations) {
      expect(invitation.note).toBe(
        `Hello Ada${invitation.publicIdentifier.slice('lead-'.length)}, shall we connect?`,
      );
    }
    // Counted on the day they went: the rolling month of notes is summed from the day counters.
    const today = await world.db.accountUsage.get(scenario.workspaceId, scenario.accountId, 'day:2099-03-02');
    expect(today.notedInvitations).toBe(5);
  });

  it('carry no more notes than the quota even when the count of the month was read before another runner sent one', async () => {
    const world = await startWorld({}, MONDAY_TEN_AM);
    const scenario = await seedScenario(world, {
      tier: 'free',
      leads: 5,
      // The user keeps the notes below LinkedIn's own quota (which would refuse a sixth).
      limits: { notedInvitationsPerMonth: 3 } as never,
      steps: [step('invitation', { genericBody: 'Hello {{firstName}}' })],
    });
    const sim = world.sandbox.simulator.state;
    sim.setTier(sim.account(scenario.accountId), 'free');
    // Every read of the month's notes comes too early to see the others: only the day's counter,
    // taken with its cap, stands between the account and a note over the quota.
    const base = createDbRunnerStore(world.db);
    const store: RunnerStore = {
      ...base,
      usageSum: (workspaceId, accountId, kind, periods) =>
        kind === 'notedInvitations'
          ? Promise.resolve(0)
          : base.usageSum(workspaceId, accountId, kind, periods),
    };
    const runner = world.runner({ pacing: { minGapMinutes: 0, maxGapMinutes: 0 } }, { store });

    await drive(world, scenario, [runner], {
      until: async () => world.sandbox.state.log.list({ type: 'invitation' }).length === 5,
      maxDays: 1,
    });

    const invitations = world.sandbox.state.log.list({ type: 'invitation' });
    expect(invitations.filter((invitation) => invitation.note !== null)).toHaveLength(3);
  });

  it('keep the day’s note count for as long as the rolling month reads it, across a change of the clocks', async () => {
    // Monday 5 October 2099 in Paris: the last rolling month that counts today's note ends with 4
    // November, after the clocks go back (25 October), so it is an hour longer than 30 times 24 hours.
    const timezone = 'Europe/Paris';
    const world = await startWorld({}, '2099-10-05T08:00:00.000Z');
    const scenario = await seedScenario(world, {
      tier: 'free',
      timezone,
      leads: 1,
      steps: [step('invitation', { genericBody: 'Hello {{firstName}}' })],
    });
    const sim = world.sandbox.simulator.state;
    sim.setTier(sim.account(scenario.accountId), 'free');
    const base = createDbRunnerStore(world.db);
    const taken: Array<CapacitySlot & { expiresAt: Date }> = [];
    const store: RunnerStore = {
      ...base,
      consumeCapacities: (workspaceId, slots, optional) => {
        taken.push(...slots, ...(optional === undefined ? [] : [optional]));
        return base.consumeCapacities(workspaceId, slots, optional);
      },
    };
    const runner = world.runner({ pacing: { minGapMinutes: 0, maxGapMinutes: 0 } }, { store });

    await drive(world, scenario, [runner], {
      until: async () => world.sandbox.state.log.list({ type: 'invitation' }).length === 1,
      maxDays: 1,
    });

    const [invitation] = world.sandbox.state.log.list({ type: 'invitation' });
    expect(invitation?.note).not.toBeNull();
    const notes = taken.filter((slot) => slot.kind === 'notedInvitations');
    expect(notes).toHaveLength(1);
    // The last day whose rolling month (that day and the 30 before) still counts today's note.
    const sentAt = Date.parse(invitation?.at ?? '');
    const lastReadingDay = usagePeriods(new Date(sentAt + 30 * 24 * HOUR), timezone).day;
    expect(lastReadingDay.key).toBe('2099-11-04');
    expect(notes[0]?.expiresAt.getTime()).toBeGreaterThanOrEqual(lastReadingDay.end.getTime());
  });
});
