/**
 * An acceptance reaches the lead it is about even when LinkedIn spells the public identifier
 * otherwise than the user typed it (case, percent-encoding): the new-relation event is matched by
 * the member id first, then by the normalised identifier. Matching on the raw identifier left such
 * a lead waiting until its invitation expired (issue 21, finding 10).
 */
import type { NewProviderEvent } from '@outreach/db';
import { describe, expect, it } from 'vitest';
import {
  allLeads,
  drive,
  eventsOf,
  seedScenario,
  startWorld,
  step,
  type Scenario,
  type World,
} from './support/runner-harness.js';

async function leadInvited(world: World, scenario: Scenario) {
  await drive(world, scenario, [world.runner()], {
    until: async () => (await allLeads(world, scenario))[0]?.internalStatus === 'invitation_pending',
    maxDays: 3,
  });
  const [lead] = await allLeads(world, scenario);
  const [invitation] = world.sandbox.state.log.list({ type: 'invitation' });
  if (!lead || !invitation) throw new Error('the lead was not invited');
  return { lead, providerAccountId: invitation.accountId };
}

function acceptance(
  providerAccountId: string,
  providerId: string,
  publicIdentifier: string,
  at: Date,
): NewProviderEvent {
  return {
    eventId: `unipile:relation:${providerAccountId}:${providerId}`,
    provider: 'unipile',
    type: 'invitation_accepted',
    providerAccountId,
    data: {
      type: 'invitation_accepted',
      accountId: providerAccountId,
      providerId,
      publicIdentifier,
      occurredAt: at,
    },
    receivedAt: at,
  };
}

/** The lead's acceptance is recorded (its `connection_request_accepted` event fires). */
const accepted = (world: World, scenario: Scenario) => async () =>
  (await eventsOf(world, scenario, 'connection_request_accepted')).length === 1;

describe('acceptance matching', () => {
  it('matches the acceptance by member id when LinkedIn spells the identifier in another case and encoding', async () => {
    const world = await startWorld({ acceptProbability: 0 });
    const scenario = await seedScenario(world, {
      leads: [{ publicIdentifier: 'jean-dupré', firstName: 'Jean', lastName: 'Dupré' }],
      steps: [step('invitation'), step('visit_profile')],
    });
    const { lead, providerAccountId } = await leadInvited(world, scenario);
    expect(lead.providerId).toBeTruthy();

    await world.db.providerEvents.record(
      acceptance(providerAccountId, lead.providerId ?? '', 'Jean-Dupr%C3%A9', world.clock()),
    );
    await drive(world, scenario, [world.runner()], { until: accepted(world, scenario), maxDays: 1 });
  });

  it('matches by member id even when the member changed the public identifier since the invitation', async () => {
    const world = await startWorld({ acceptProbability: 0 });
    const scenario = await seedScenario(world, {
      leads: [{ publicIdentifier: 'marie-curie', firstName: 'Marie', lastName: 'Curie' }],
      steps: [step('invitation'), step('visit_profile')],
    });
    const { lead, providerAccountId } = await leadInvited(world, scenario);

    await world.db.providerEvents.record(
      acceptance(providerAccountId, lead.providerId ?? '', 'marie-sklodowska-curie', world.clock()),
    );
    await drive(world, scenario, [world.runner()], { until: accepted(world, scenario), maxDays: 1 });
  });
});
