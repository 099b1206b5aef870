import type { ClaimedLead } from '../context/claimed-lead.js';
import type { RunnerContext } from '../context/runner-context.js';
import type { RunnerCampaign, RunnerLead } from '../store/runner-store.port.js';

/**
 * Claims due leads across the active campaigns in turn, so one large campaign cannot starve the
 * others. Leads are claimed a batch at a time (as many as the runner has workers, within what is
 * left of the pass budget: three round trips for the batch instead of one per lead), and handed
 * out one per `claim`. Every batch is claimed under an owner of its own (`newOwner`), so a lead
 * claimed again (after a network event made it due while a worker held it) is held under another
 * owner, and the worker of the earlier claim cannot report over the later one. A campaign that
 * has nothing due leaves the rotation for the rest of the pass and is reported as drained (only a
 * drained campaign can have finished, so only those get a completion check). The campaign comes
 * with the lead as listed at the start of the pass: enough to decide that a lead must wait, while
 * the decision to act is confirmed against a fresh read (see `performAction`).
 *
 * A lead waiting in the batch whose lease has run half its course is given back instead of
 * handed out; what is left when the pass stops claiming goes back with `releaseUnclaimed`.
 *
 * The block list is read once for a batch of two leads or more (`blockRead`), and stands for each
 * lead's own read right before its step while it is fresh.
 */
export interface CampaignClaimer {
  claim(): Promise<ClaimedLead | null>;
  drained(): readonly RunnerCampaign[];
  /** Campaigns of which a lead was claimed from an expired lease (its holder died or overran it). */
  takenOver(): readonly RunnerCampaign[];
  /** Gives back the leases of the leads claimed ahead and never handed out. */
  releaseUnclaimed(): Promise<void>;
}

export function createCampaignClaimer(
  ctx: RunnerContext,
  campaigns: readonly RunnerCampaign[],
  newOwner: () => string,
): CampaignClaimer {
  const open = [...campaigns];
  const drained: RunnerCampaign[] = [];
  const takenOver = new Set<RunnerCampaign>();
  /** Leads claimed ahead, with when their lease runs out. */
  const ahead: Array<{ claimed: ClaimedLead; leaseUntil: number }> = [];
  let handedOut = 0;
  let turn = 0;

  async function giveBack(claimed: ClaimedLead): Promise<void> {
    const { lead, owner } = claimed;
    await ctx.store.giveBackLead(lead.workspaceId, lead.id, owner).catch((error: unknown) => {
      ctx.logger.error({ err: error, leadId: lead.id }, 'could not give back a lead claimed ahead');
      return false;
    });
  }

  /** The next lead claimed ahead whose lease has at least half its course left. */
  async function fromAhead(): Promise<ClaimedLead | null> {
    for (let next = ahead.shift(); next !== undefined; next = ahead.shift()) {
      if (next.leaseUntil - ctx.realClock().getTime() >= ctx.options.leaseMs / 2) return next.claimed;
      await giveBack(next.claimed);
    }
    return null;
  }

  /** A batch being claimed: workers that find none ahead wait for it rather than race it. */
  let claiming: Promise<ClaimedLead | null> | null = null;

  async function claimBatch(): Promise<ClaimedLead | null> {
    while (open.length > 0) {
      const campaign = open[turn % open.length];
      turn += 1;
      if (campaign === undefined) continue;
      const owner = newOwner();
      // Due on the product clock (the campaign's schedule); leased in real time (the lease measures
      // this runner's own work, however fast a simulated product clock runs).
      const now = ctx.realClock();
      const limit = Math.max(1, Math.min(ctx.options.concurrency, ctx.options.passBudget - handedOut));
      const leads = await ctx.store.claimDueLeads(
        campaign.workspaceId,
        campaign.id,
        { owner, now, dueBy: ctx.clock(), leaseMs: ctx.options.leaseMs },
        limit,
      );
      if (leads.some((lead) => lead.leaseTakenOver === true)) takenOver.add(campaign);
      const blocked = await blockedAmong(ctx, campaign, leads);
      const at = ctx.monotonicNow();
      const [first, ...rest] = leads.map((lead): ClaimedLead => ({
        lead,
        owner,
        campaign,
        learned: {},
        ...(blocked === null ? {} : { blockRead: { blocked: blocked.has(lead.publicIdentifier), at } }),
      }));
      if (first !== undefined) {
        const leaseUntil = now.getTime() + ctx.options.leaseMs;
        ahead.push(...rest.map((claimed) => ({ claimed, leaseUntil })));
        return first;
      }
      const index = open.indexOf(campaign);
      if (index >= 0) {
        open.splice(index, 1);
        drained.push(campaign);
      }
    }
    return null;
  }

  return {
    async claim() {
      for (;;) {
        const waiting = await fromAhead();
        if (waiting !== null) {
          handedOut += 1;
          return waiting;
        }
        if (claiming === null) {
          claiming = claimBatch().finally(() => {
            claiming = null;
          });
          const first = await claiming;
          if (first !== null) handedOut += 1;
          return first;
        }
        // Another worker is claiming a batch: take from it once it is in.
        if ((await claiming) === null && ahead.length === 0) return null;
      }
    },
    drained: () => drained,
    takenOver: () => [...takenOver],
    async releaseUnclaimed() {
      for (const { claimed } of ahead.splice(0)) await giveBack(claimed);
    },
  };
}

/** The batch's blocked profiles, read at once; null for a single lead (its step reads its own). */
async function blockedAmong(
  ctx: RunnerContext,
  campaign: RunnerCampaign,
  leads: readonly RunnerLead[],
): Promise<Set<string> | null> {
  if (leads.length < 2) return null;
  return ctx.store.findBlocked(
    campaign.workspaceId,
    campaign.id,
    leads.map((lead) => lead.publicIdentifier),
  );
}
