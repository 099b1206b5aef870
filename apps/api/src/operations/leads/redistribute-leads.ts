import { distributeLeads } from '@outreach/domain';
import type { OperationContext } from '../context.js';

/**
 * Spreads the campaign's not-yet-started leads evenly over its sender accounts. Started leads keep
 * their sender (the data layer re-checks that at write time). Returns how many leads moved.
 */
export async function redistributeLeads(
  ctx: OperationContext,
  campaignId: string,
  accountIds: readonly string[],
): Promise<number> {
  if (accountIds.length === 0) return 0;
  // Only adding senders redistributes (imports assign incrementally, see add-leads.ts).
  const notStarted = await ctx.db.leads.listNotStarted(ctx.workspaceId, campaignId);
  const changes = distributeLeads(
    notStarted.map((lead) => ({ id: lead.id, accountId: lead.accountId, started: false })),
    accountIds,
  );
  const assignments = changes.flatMap((change) =>
    change.accountId === null ? [] : [{ leadId: change.leadId, accountId: change.accountId }],
  );
  const moved = await ctx.db.leads.assignSenders(ctx.workspaceId, campaignId, assignments);
  // The leads were all read anyway: the per-sender counters imports rely on are recounted.
  await ctx.db.campaignCounters.countSenders(ctx.workspaceId, campaignId);
  return moved;
}
