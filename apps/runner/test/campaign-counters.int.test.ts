/**
 * De-risks the campaign figures the API shows from the campaign document alone: a campaign the
 * runner takes from start to finish on the sandbox network (invitations, acceptances, messages,
 * replies, leads stopped on reply) keeps its counters exact through the data layer's own writes,
 * so the drift check finds nothing, and the runner's periodic check recounts it; its analytics
 * read the daily roll-ups those writes kept and answer as the aggregation over its actions does.
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

    // Its analytics read the daily roll-ups the same writes kept, and answer as the raw actions do,
    // over whole days and over a window cut inside days.
    const start = campaign?.createdAt ?? new Date(0);
    for (const window of [
      { from: start, to: world.clock() },
      { from: new Date(start.getTime() + 30 * 3_600_000), to: new Date(world.clock().getTime() - 7_200_000) },
    ]) {
      const query = { ...window, campaignId };
      const answer = await world.db.actions.analytics(workspaceId, query);
      expect(answer).toEqual(await world.db.actions.analyticsFromActions(workspaceId, query));
      expect(answer.perDay.length).toBeGreaterThan(1);
    }

    // The runner's periodic check (due every pass here) recounts it and finds nothing to correct.
    const checks = await world.store.checkCampaignCounters(1000);
    expect(checks.find((check) => check.campaignId === campaignId)).toMatchObject({
      differences: [],
      rollupDays: [],
      firstCheck: false,
    });
    const before = (await world.db.campaigns.get(workspaceId, campaignId))?.counters?.checkedAt;
    world.clock.set(world.clock().getTime() + 60_000);
    await world.runner({ counterCheckMs: 0, counterCheckBatch: 1000 }).runOnce();
    const after = (await world.db.campaigns.get(workspaceId, campaignId))?.counters?.checkedAt;
    expect(after).not.toEqual(before);
  });

  it('move while a long pass runs, not only at its end', async () => {
    /** How many leads the campaign counted as messaged when each step of one pass was settled. */
    async function messagedAsSettled(deriveEveryMs: number): Promise<number[]> {
      const world = await startWorld({ alreadyConnectedProbability: 1 });
      const scenario = await seedScenario(world, {
        leads: 4,
        steps: [step('message', { bodies: ['Hello {{firstName}}'] })],
      });
      // Within working hours, so that every lead is due in the one pass.
      world.clock.set(world.clock().getTime() + 2 * 60 * 60_000);
      const seen: number[] = [];
      const store = {
        ...world.store,
        async settleLead(...args: Parameters<typeof world.store.settleLead>) {
          const campaign = await world.db.campaigns.get(scenario.workspaceId, scenario.campaignId);
          seen.push(campaign?.counters?.leadsMessaged ?? 0);
          return world.store.settleLead(...args);
        },
      };
      await world
        .runner({ concurrency: 1, pacing: { minGapMinutes: 0, maxGapMinutes: 0 }, deriveEveryMs }, { store })
        .runOnce();
      const campaign = await world.db.campaigns.get(scenario.workspaceId, scenario.campaignId);
      expect(campaign?.counters?.leadsMessaged).toBe(4);
      return seen;
    }

    expect(await messagedAsSettled(0)).toEqual([0, 1, 2, 3]);
    expect(await messagedAsSettled(60 * 60_000)).toEqual([0, 0, 0, 0]);
  });

  it('count the leads a pass moved while it runs, and every one of them by its end', async () => {
    /** The campaign's active leads as each step of one pass was settled, and after the pass. */
    async function activeAsSettled(leadCountsEveryMs: number): Promise<number[]> {
      const world = await startWorld({ alreadyConnectedProbability: 1 });
      const scenario = await seedScenario(world, {
        leads: 4,
        steps: [step('message', { bodies: ['Hello {{firstName}}'] }), step('message', { delay: 1 })],
      });
      world.clock.set(world.clock().getTime() + 2 * 60 * 60_000);
      const active = async () =>
        (await world.db.campaigns.get(scenario.workspaceId, scenario.campaignId))?.counters?.leads.active ??
        0;
      const seen: number[] = [];
      const store = {
        ...world.store,
        async settleLead(...args: Parameters<typeof world.store.settleLead>) {
          seen.push(await active());
          return world.store.settleLead(...args);
        },
      };
      const options = { concurrency: 1, pacing: { minGapMinutes: 0, maxGapMinutes: 0 } };
      const runner = world.runner({ ...options, leadCountsEveryMs, deriveEveryMs: 60 * 60_000 }, { store });
      await runner.runOnce();
      seen.push(await active());
      return seen;
    }

    expect(await activeAsSettled(0)).toEqual([0, 1, 2, 3, 4]);
    expect(await activeAsSettled(60 * 60_000)).toEqual([0, 0, 0, 0, 4]);
  });

  it('are checked at once by the runner that takes over a lead of a runner that died', async () => {
    const world = await startWorld({ alreadyConnectedProbability: 1 });
    const scenario = await seedScenario(world, {
      leads: 2,
      steps: [step('message', { bodies: ['Hello {{firstName}}'] }), step('message', { delay: 1 })],
    });
    const { workspaceId, campaignId } = scenario;
    const ws = workspaceId as Parameters<typeof world.db.leadLeases.claimDue>[0];
    world.clock.set(world.clock().getTime() + 2 * 60 * 60_000);
    // A runner dies: it settled one lead whose counter move it never wrote, and held another.
    const lease = () => ({ owner: 'dead', now: world.realClock(), dueBy: world.clock(), leaseMs: 1_000 });
    const settled = await world.db.leadLeases.claimDue(ws, campaignId, lease());
    const outcome = { status: 'active', internalStatus: 'queued', nextActionAt: null } as const;
    const neverWritten = world.db.campaignCounters.deferred();
    await world.db.leadLeases.completeStep(ws, settled?.id ?? '', 'dead', outcome, {
      countLater: neverWritten,
    });
    await world.db.leadLeases.claimDue(ws, campaignId, lease());
    const counted = async () => (await world.db.campaigns.get(workspaceId, campaignId))?.counters?.leads;
    expect(await counted()).toMatchObject({ waiting: 2, active: 0 });
    world.clock.set(world.clock().getTime() + 60_000);

    await world.runner({ counterCheckMs: 60 * 60_000 }).runOnce();

    // The taken-over lead's step ran, and the check mended the move the dead runner lost.
    expect(await counted()).toMatchObject({ waiting: 0, active: 2 });
    expect((await world.db.campaignCounters.recount(ws, campaignId)).differences).toEqual([]);
  });

  it("are leased by the follower in real time, whatever the campaign's clock says", async () => {
    const world = await startWorld({ alreadyConnectedProbability: 1 });
    await seedScenario(world, { leads: 1, steps: [step('message', { bodies: ['Hello'] })] });
    const leasedAt: Date[] = [];
    const store = {
      ...world.store,
      deriveActions: (lease: { owner: string; now: Date; leaseMs: number }, limit: number) => {
        leasedAt.push(lease.now);
        return world.store.deriveActions(lease, limit);
      },
    };
    const before = Date.now();
    await world.runner({}, { store }).runOnce();
    // The product clock of this world is in 2099: a lease on it would look expired (or never
    // expire) to a runner whose product clock differs, and a batch would be derived twice.
    expect(leasedAt.length).toBeGreaterThan(0);
    for (const at of leasedAt) {
      expect(at.getTime()).toBeGreaterThanOrEqual(before);
      expect(at.getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(world.clock().getUTCFullYear()).toBe(2099);
  });
});
