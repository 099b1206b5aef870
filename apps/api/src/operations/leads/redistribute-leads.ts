import { distributeLeads } from '@outreach/domain';
import { requireCampaign, type OperationContext } from '../context.js';

/**
 * A safeguard only: every pass that moves leads moves them toward the one even spread of the
 * senders it read, and concurrent passes read the same senders once their assignments are
 * written, so contention settles in a few passes. Reaching this means a defect, answered as one.
 */
const MAX_REDISTRIBUTION_PASSES = 100;

/**
 * Spreads the campaign's not-yet-started leads evenly over its sender accounts, as they are when
 * each pass reads them. Started leads keep their sender (the data layer re-checks that at write
 * time), and a lead moves only if it still has the sender the pass read: a concurrent assignment
 * of senders cannot leave leads spread over a stale list. It repeats until a pass finds nothing
 * to move, so the spread it leaves is even for the senders it reports: every request that moved
 * leads ends with a read after its last move, and the last of them finds the spread even. Returns
 * how many leads it moved and how many senders the campaign had at its last pass.
 */
export async function redistributeLeads(
  ctx: OperationContext,
  campaignId: string,
): Promise<{ moved: number; senders: number }> {
  let moved = 0;
  for (let pass = 0; pass < MAX_REDISTRIBUTION_PASSES; pass += 1) {
    const campaign = await requireCampaign(ctx, campaignId);
    const senders = campaign.networkAccounts.length;
    const notStarted = senders === 0 ? [] : await ctx.db.leads.listNotStarted(ctx.workspaceId, campaignId);
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
    if (assignments.length === 0) {
      // The leads were all read anyway: the per-sender counters imports rely on are recounted.
      if (senders > 0) await ctx.db.campaignCounters.countSenders(ctx.workspaceId, campaignId);
      return { moved, senders };
    }
    moved += await ctx.db.leads.assignSenders(ctx.workspaceId, campaignId, assignments);
  }
  throw new Error(
    `campaign ${campaignId}: lead spread still moving after ${MAX_REDISTRIBUTION_PASSES} passes`,
  );
}
