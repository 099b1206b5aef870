/**
 * A free account's invitations with a note: the day's invitation cap holds whether or not they
 * carry a note, and the few notes a month go on invitations that are sent, not on attempts held
 * back by the account's pacing.
 */
import { describe, expect, it } from 'vitest';
import { HOUR, MONDAY_MORNING, drive, seedScenario, startWorld, step } from './support/runner-harness.js';

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
  });
});
