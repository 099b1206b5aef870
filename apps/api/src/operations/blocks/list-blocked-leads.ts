import type { BlockedLead } from '@outreach/contract';
import type { ListBlockedLeadsQuery } from '../inputs.js';
import type { BlockTarget } from '@outreach/db';
import { toApiBlockedLead } from '../../mappers/block.mapper.js';
import { definedOnly, requireCampaign, type OperationContext } from '../context.js';

/**
 * One page of a block list, newest first by default; the total goes in `X-Total-Count` and the
 * next page's cursor in `X-Next-Cursor`.
 */
export async function listBlockedLeads(
  ctx: OperationContext,
  target: BlockTarget,
  query: ListBlockedLeadsQuery,
): Promise<{ total: number; items: BlockedLead[]; nextCursor: string | null }> {
  if (target.scope === 'campaign') await requireCampaign(ctx, target.campaignId);
  const page = await ctx.db.blockedLeads.list(ctx.workspaceId, target, definedOnly(query));
  return { total: page.total, items: page.items.map(toApiBlockedLead), nextCursor: page.nextCursor ?? null };
}
