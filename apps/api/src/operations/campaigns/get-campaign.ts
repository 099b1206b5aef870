import type { CampaignDetail } from '@outreach/contract';
import { toApiCampaignDetail } from '../../mappers/campaign.mapper.js';
import { requireCampaign, type OperationContext } from '../context.js';
import { statsOf } from './campaign-stats.js';

export async function getCampaign(ctx: OperationContext, campaignId: string): Promise<CampaignDetail> {
  const campaign = await requireCampaign(ctx, campaignId);
  return toApiCampaignDetail(campaign, await statsOf(ctx, campaign));
}
