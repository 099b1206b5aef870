import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { RunnerContext } from '../context/runner-context.js';
import type { RunnerCampaign, RunnerLead } from '../store/runner-store.port.js';
import { leadAt } from '../../test/support/unit-fixtures.js';
import { createCampaignClaimer } from './campaign-claimer.js';

const NOW = new Date('2026-03-03T10:00:00Z');
const LEASE_MS = 60_000;

/** Campaigns with due leads, a store that leases them in batches, and what it was asked. */
function setting(
  due: Record<string, number>,
  options: { concurrency: number; passBudget: number },
  blockedProfiles: readonly string[] = [],
) {
  let clock = NOW;
  const queues = new Map(
    Object.entries(due).map(([campaignId, count]) => [
      campaignId,
      Array.from({ length: count }, (_, n): RunnerLead => ({
        ...leadAt(0),
        id: `${campaignId}-lead-${n}`,
        publicIdentifier: `${campaignId}-profile-${n}`,
        campaignId,
      })),
    ]),
  );
  const batches: Array<{ campaignId: string; limit: number; owner: string }> = [];
  const released: string[] = [];
  const blockReads: string[][] = [];
  let owners = 0;
  const ctx = {
    clock: () => clock,
    realClock: () => clock,
    monotonicNow: () => clock.getTime() - NOW.getTime(),
    logger: pino({ level: 'silent' }),
    options: { ...options, leaseMs: LEASE_MS },
    store: {
      async claimDueLeads(_ws: string, campaignId: string, lease: { owner: string }, limit: number) {
        batches.push({ campaignId, limit, owner: lease.owner });
        return (queues.get(campaignId) ?? []).splice(0, limit);
      },
      async giveBackLead(_ws: string, leadId: string) {
        released.push(leadId);
        return true;
      },
      async findBlocked(_ws: string, _campaignId: string, profiles: readonly string[]) {
        blockReads.push([...profiles]);
        return new Set(profiles.filter((profile) => blockedProfiles.includes(profile)));
      },
    },
  } as unknown as RunnerContext;
  const campaigns = Object.keys(due).map((id) => ({ id, workspaceId: 'ws_1' }) as RunnerCampaign);
  const claimer = createCampaignClaimer(ctx, campaigns, () => `runner:${(owners += 1)}`);
  return {
    claimer,
    batches,
    released,
    blockReads,
    advance: (ms: number) => {
      clock = new Date(clock.getTime() + ms);
    },
  };
}

describe('the campaign claimer', () => {
  it('claims as many leads at once as the runner has workers, and hands them out one by one', async () => {
    const { claimer, batches } = setting({ cmp_a: 5 }, { concurrency: 4, passBudget: 100 });
    const ids: string[] = [];
    for (let lead = await claimer.claim(); lead !== null; lead = await claimer.claim())
      ids.push(lead.lead.id);
    expect(ids).toEqual(['cmp_a-lead-0', 'cmp_a-lead-1', 'cmp_a-lead-2', 'cmp_a-lead-3', 'cmp_a-lead-4']);
    expect(batches.map((batch) => batch.limit)).toEqual([4, 4, 4]);
    expect(claimer.drained().map((campaign) => campaign.id)).toEqual(['cmp_a']);
  });

  it('reads the block list once for a batch, and hands each lead out with what it said and when', async () => {
    const { claimer, blockReads, advance } = setting({ cmp_a: 3 }, { concurrency: 2, passBudget: 100 }, [
      'cmp_a-profile-1',
    ]);
    const first = await claimer.claim();
    advance(1_500);
    const second = await claimer.claim();
    const alone = await claimer.claim();

    expect(blockReads).toEqual([['cmp_a-profile-0', 'cmp_a-profile-1']]);
    expect(first?.blockRead).toEqual({ blocked: false, at: 0 });
    expect(second?.blockRead).toEqual({ blocked: true, at: 0 });
    // A batch of one reads nothing ahead: its step reads the block list itself.
    expect(alone?.lead.id).toBe('cmp_a-lead-2');
    expect(alone?.blockRead).toBeUndefined();
  });

  it('claims no more than the pass budget leaves', async () => {
    const { claimer, batches } = setting({ cmp_a: 10 }, { concurrency: 4, passBudget: 6 });
    for (let n = 0; n < 6; n += 1) expect(await claimer.claim()).not.toBeNull();
    expect(batches.map((batch) => batch.limit)).toEqual([4, 2]);
  });

  it('takes its batches from the campaigns in turn', async () => {
    const { claimer, batches } = setting({ cmp_a: 3, cmp_b: 3 }, { concurrency: 2, passBudget: 100 });
    const campaigns: string[] = [];
    for (let lead = await claimer.claim(); lead !== null; lead = await claimer.claim())
      campaigns.push(lead.lead.campaignId);
    expect(campaigns).toEqual(['cmp_a', 'cmp_a', 'cmp_b', 'cmp_b', 'cmp_a', 'cmp_b']);
    expect(new Set(batches.map((batch) => batch.owner)).size).toBe(batches.length);
  });

  it('lets workers that find nothing ahead wait for the batch being claimed rather than claim their own', async () => {
    const { claimer, batches } = setting({ cmp_a: 3 }, { concurrency: 3, passBudget: 100 });
    const leads = await Promise.all([claimer.claim(), claimer.claim(), claimer.claim()]);
    expect(leads.map((lead) => lead?.lead.id).sort()).toEqual([
      'cmp_a-lead-0',
      'cmp_a-lead-1',
      'cmp_a-lead-2',
    ]);
    expect(batches).toHaveLength(1);
  });

  it('gives back a lead whose lease ran half its course while it waited, and what is left at the end', async () => {
    const { claimer, released, advance } = setting({ cmp_a: 6 }, { concurrency: 3, passBudget: 100 });
    expect((await claimer.claim())?.lead.id).toBe('cmp_a-lead-0');
    advance(LEASE_MS / 2 + 1);
    // The two waiting leads are given back; a fresh batch is claimed.
    expect((await claimer.claim())?.lead.id).toBe('cmp_a-lead-3');
    expect(released).toEqual(['cmp_a-lead-1', 'cmp_a-lead-2']);
    await claimer.releaseUnclaimed();
    expect(released).toEqual(['cmp_a-lead-1', 'cmp_a-lead-2', 'cmp_a-lead-4', 'cmp_a-lead-5']);
  });
});
