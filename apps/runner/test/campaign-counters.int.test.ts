/**
 * De-risks the campaign figures the API shows from the campaign document alone: a campaign the
 * runner takes from start to finish on the sandbox network (invitations, acceptances, messages,
 * replies, leads stopped on reply) keeps its counters exact through the data layer's own writes,
 * so the drift check finds nothing, and the runner's periodic check recounts it.
 */
import { describe, expect, it } from 'vitest';
import { allLeadsDone, drive, seedScenario, startWorld, step } from './support/runner-harness.js';

describe('campaign counters of a campaign the runner runs', () => {
  it('end equal to a recount of its leads and actions, and the runner checks them', async () => {
    const world = await startWorld({ replyProbability: 0.5 });
    const scenario = await seedScenario(world, {
      leads: 8,
      accounts: 2,
      steps: [
        step('invitation', { genericBody: 'Hi {{firstName}}' }),
        step('message', { delay: 1, bodies: ['Hello {{firstName}} from A', 'Hello {{firstName}} from B'] }),
        step('message', { delay: 2, stopOnReply: true, bodies: ['Following up, {{firstName}}'] }),
      ],
    });

    await drive(world, scenario, [world.runner(), world.runner()], {
      until: allLeadsDone(world, scenario),
      maxDays: 40,
    });

    const { workspaceId, campaignId } = scenario;
    const campaign = await world.db.campaigns.get(workspaceId, campaignId);
    expect(campaign?.counters).toMatchObject({
      maintained: true,
      leads: { waiting: 0, active: 0, completed: 8 },
      invitationsSent: 8,
      leadsMessaged: 8,
    });
    expect(campaign?.counters?.leadsReplied).toBeGreaterThan(0);
    expect((await world.db.campaignStats.summaries(workspaceId, [campaignId])).get(campaignId)).toMatchObject(
      {
        invitationsSent: campaign?.counters?.invitationsSent,
        invitationsAccepted: campaign?.counters?.invitationsAccepted,
        leadsMessaged: campaign?.counters?.leadsMessaged,
        leadsReplied: campaign?.counters?.leadsReplied,
        leadsRespondedToMessages: campaign?.counters?.leadsRespondedToMessages,
      },
    );

    // The runner's periodic check (due every pass here) recounts it and finds nothing to correct.
    const checks = await world.store.checkCampaignCounters(1000);
    expect(checks.find((check) => check.campaignId === campaignId)).toMatchObject({
      differences: [],
      firstCheck: false,
    });
    const before = (await world.db.campaigns.get(workspaceId, campaignId))?.counters?.checkedAt;
    world.clock.set(world.clock().getTime() + 60_000);
    await world.runner({ counterCheckMs: 0, counterCheckBatch: 1000 }).runOnce();
    const after = (await world.db.campaigns.get(workspaceId, campaignId))?.counters?.checkedAt;
    expect(after).not.toEqual(before);
  });
});
