import type { RemoveLeadsResult } from '@outreach/contract';
import { plural, requireCampaign, type OperationContext } from '../context.js';

/**
 * Deletes leads of the campaign, all or nothing: any unknown id is a 404 naming it. Of requests
 * removing overlapping leads at once, one deletes them and the others get the 404, so the
 * campaign's counters are taken down once, for the leads this request deleted.
 */
export async function removeLeads(
  ctx: OperationContext,
  campaignId: string,
  leadIds: readonly string[],
): Promise<RemoveLeadsResult> {
  await requireCampaign(ctx, campaignId);
  // The data layer takes the removed leads off the campaign's counters.
  const removed = await ctx.db.leads.deleteMany(ctx.workspaceId, campaignId, leadIds, ctx.realClock());
  return { success: true, message: `${plural(removed.length, 'lead')} deleted`, deleted: removed.length };
}
