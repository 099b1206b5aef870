import type { RemoveLeadsResult } from '@outreach/contract';
import { plural, requireCampaign, type OperationContext } from '../context.js';

/** Deletes leads of the campaign, all or nothing: any unknown id is a 404 naming it. */
export async function removeLeads(
  ctx: OperationContext,
  campaignId: string,
  leadIds: readonly string[],
): Promise<RemoveLeadsResult> {
  await requireCampaign(ctx, campaignId);
  const removed = (await ctx.db.leads.getMany(ctx.workspaceId, leadIds)).filter(
    (lead) => lead.campaignId === campaignId,
  );
  const deleted = await ctx.db.leads.deleteMany(ctx.workspaceId, campaignId, leadIds);
  // Read before the delete: a lead changed in between leaves a counter off, which the drift
  // check (campaignCounters.recount) reports and corrects.
  await ctx.db.campaignCounters.recordLeadsRemoved(ctx.workspaceId, campaignId, removed);
  return { success: true, message: `${plural(deleted, 'lead')} deleted`, deleted };
}
