import type { ClaimedLead } from '../context/claimed-lead.js';
import type { RunnerContext } from '../context/runner-context.js';
import type { RunnerCampaign } from '../store/runner-store.port.js';

/**
 * Claims due leads across the active campaigns in turn, so one large campaign cannot starve the
 * others. Every claim is made under an owner of its own (`newOwner`), so that only the worker that
 * made a claim can report on it: a worker whose lease was dropped (a network event made the lead
 * due again) cannot write over a later claim of the same lead by another worker of this runner. Each claim is one atomic update on the claim index of one campaign; a campaign that has
 * nothing due leaves the rotation for the rest of the pass and is reported as drained (only a
 * drained campaign can have finished, so only those get a completion check). The campaign comes
 * with the lead as listed at the start of the pass: enough to decide that a lead must wait, while
 * the decision to act is confirmed against a fresh read (see `performAction`).
 */
export interface CampaignClaimer {
  claim(): Promise<ClaimedLead | null>;
  drained(): readonly RunnerCampaign[];
}

export function createCampaignClaimer(
  ctx: RunnerContext,
  campaigns: readonly RunnerCampaign[],
  newOwner: () => string,
): CampaignClaimer {
  const open = [...campaigns];
  const drained: RunnerCampaign[] = [];
  let turn = 0;
  return {
    async claim() {
      while (open.length > 0) {
        const campaign = open[turn % open.length];
        turn += 1;
        if (campaign === undefined) continue;
        const owner = newOwner();
        const lead = await ctx.store.claimDueLead(campaign.workspaceId, campaign.id, {
          owner,
          now: ctx.clock(),
          leaseMs: ctx.options.leaseMs,
        });
        if (lead !== null) return { lead, owner, campaign, learned: {} };
        const index = open.indexOf(campaign);
        if (index >= 0) {
          open.splice(index, 1);
          drained.push(campaign);
        }
      }
      return null;
    },
    drained: () => drained,
  };
}
