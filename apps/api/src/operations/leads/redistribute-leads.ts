import { distributeLeads } from '@outreach/domain';
import { requireCampaign, type OperationContext } from '../context.js';

/**
 * Passes over the campaign before giving up on a quiet moment; each pass that moves leads is
 * followed by one that checks nothing moved meanwhile, so even contention settles in a few.
 */
const REDISTRIBUTION_PASSES = 8;

/**
 * Spreads the campaign's not-yet-started leads evenly over its sender accounts, as they are when
 * each pass reads them. Started leads keep their sender (the data layer re-checks that at write
 * time), and a lead moves only if it still has the sender the pass read: a concurrent assignment
 * of senders cannot leave leads spread over a stale list. It stops after a pass that finds nothing
 * to move, so the spread it leaves is even for the senders it reports. Returns how many leads it
 * moved and how many senders the campaign had at its last pass.
 */
export async function redistributeLeads(
  ctx: OperationContext,
  campaignId: string,
): Promise<{ moved: number; senders: number }> {
  let moved = 0;
  let senders = 0;
  for (let pass = 0; pass < REDISTRIBUTION_PASSES; pass += 1) {
    const campaign = await requireCampaign(ctx, campaignId);
    senders = campaign.networkAccounts.length;
    if (senders === 0) break;
    const notStarted = await ctx.db.leads.listNotStarted(ctx.workspaceId, campaignId);
    const from = new Map(notStarted.map((lead) => [lead.id, lead.accountId]));
    const changes = distributeLeads(
      notStarted.map((lead) => ({ id: lead.id, accountId: lead.accountId, started: false })),
      campaign.networkAccounts,
    );
    const assignments = changes.flatMap((change) =>
      change.accountId === null
        ? []
        : [{ leadId: change.leadId, accountId: change.accountId, from: from.get(change.leadId) ?? null }],
    );
    if (assignments.length === 0) break;
    moved += await ctx.db.leads.assignSenders(ctx.workspaceId, campaignId, assignments);
  }
  // The leads were all read anyway: the per-sender counters imports rely on are recounted.
  await ctx.db.campaignCounters.countSenders(ctx.workspaceId, campaignId);
  return { moved, senders };
}
