import type { Campaign } from '@outreach/contract';
import type { UpdateCampaignBody } from '../inputs.js';
import { toApiCampaign } from '../../mappers/campaign.mapper.js';
import { definedOnly, requireCampaign, type OperationContext } from '../context.js';
import { campaignSettingsPatch } from './campaign-input.js';
import { statsOf } from './campaign-stats.js';

export async function updateCampaign(
  ctx: OperationContext,
  campaignId: string,
  input: UpdateCampaignBody,
): Promise<Campaign> {
  await requireCampaign(ctx, campaignId);
  const patch = campaignSettingsPatch(definedOnly(input));
  const campaign = await ctx.db.campaigns.update(ctx.workspaceId, campaignId, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...patch,
  });
  return toApiCampaign(campaign, await statsOf(ctx, campaign));
}
