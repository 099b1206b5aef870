import type { BlockResult } from '@outreach/contract';
import type { BlockCampaignLeadsBody, BlockLeadsBody } from '../inputs.js';
import { assertPlanAllowsCampaignBlocks, planBlocks, type BlockRequest } from '@outreach/domain';
import { plural, requireCampaign, type OperationContext } from '../context.js';

/**
 * Blocks profiles for the whole workspace. Idempotent per identifier: `blocked` counts only new
 * blocks. A workspace block wins over any campaign setting: the runner checks it before every action.
 */
export async function blockLeads(ctx: OperationContext, input: BlockLeadsBody): Promise<BlockResult> {
  const requests = planBlocks('leads', input.leads);
  const { blocked } = await ctx.db.blockedLeads.block(
    ctx.workspaceId,
    { scope: 'workspace' },
    toEntries(requests),
  );
  return { success: true, message: `${plural(blocked, 'lead')} blocked for the workspace`, blocked };
}

/** Blocks profiles for one campaign; a Pro or Agency plan is required (403 otherwise). */
export async function blockCampaignLeads(
  ctx: OperationContext,
  campaignId: string,
  input: BlockCampaignLeadsBody,
): Promise<BlockResult> {
  await requireCampaign(ctx, campaignId);
  const plan = await ctx.db.workspaces.getPlan(ctx.workspaceId);
  assertPlanAllowsCampaignBlocks(plan ?? 'starter');
  const requests = planBlocks(
    'publicIdentifiers',
    input.publicIdentifiers.map((publicIdentifier) => ({ publicIdentifier })),
  );
  const { blocked } = await ctx.db.blockedLeads.block(
    ctx.workspaceId,
    { scope: 'campaign', campaignId },
    toEntries(requests),
  );
  return { success: true, message: `${plural(blocked, 'lead')} blocked for the campaign`, blocked };
}

function toEntries(requests: readonly BlockRequest[]) {
  return requests.map((request) => ({
    publicIdentifier: request.publicIdentifier,
    reason: request.reason ?? null,
  }));
}
