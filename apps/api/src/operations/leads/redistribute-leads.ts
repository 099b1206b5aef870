import { redistributeCampaignLeads } from '@outreach/db';
import type { OperationContext } from '../context.js';

/**
 * Spreads the campaign's not-yet-started leads evenly over its sender accounts, until a pass finds
 * nothing to move (the data layer's lead intake, which imports use too). Returns how many leads it
 * moved and how many senders the campaign had at its last pass.
 */
export function redistributeLeads(
  ctx: OperationContext,
  campaignId: string,
): Promise<{ moved: number; senders: number }> {
  return redistributeCampaignLeads(ctx.db, ctx.workspaceId, campaignId);
}
