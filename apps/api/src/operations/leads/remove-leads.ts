import type { RemoveLeadsResult } from '@outreach/contract';
import { plural, requireCampaign, type OperationContext } from '../context.js';

/** Deletes leads of the campaign, all or nothing: any unknown id is a 404 naming it. */
export async function removeLeads(
  ctx: OperationContext,
  campaignId: string,
  leadIds: readonly string[],
): Promise<RemoveLeadsResult> {
  await requireCampaign(ctx, campaignId);
  // The data layer counts the removed leads on the campaign's counters.
  const deleted = await ctx.db.leads.deleteMany(ctx.workspaceId, campaignId, leadIds);
  return { success: true, message: `${plural(deleted, 'lead')} deleted`, deleted };
}
