import type { UnblockResult } from '@outreach/contract';
import type { BlockTarget } from '@outreach/db';
import { plural, requireCampaign, type OperationContext } from '../context.js';

/**
 * Removes blocks by their record ids, all or nothing: any id that is not a block of this list in
 * the workspace is a 404 naming it, and nothing is removed.
 */
export async function unblockLeads(
  ctx: OperationContext,
  target: BlockTarget,
  blockIds: readonly string[],
): Promise<UnblockResult> {
  if (target.scope === 'campaign') await requireCampaign(ctx, target.campaignId);
  const unblocked = await ctx.db.blockedLeads.unblock(ctx.workspaceId, target, blockIds, ctx.realClock());
  return { success: true, message: `${plural(unblocked, 'lead')} unblocked`, unblocked };
}
