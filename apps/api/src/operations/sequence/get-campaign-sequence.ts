import type { Sequence } from '@outreach/contract';
import { toSequenceStep } from '../../mappers/campaign.mapper.js';
import { requireCampaign, type OperationContext } from '../context.js';

export async function getCampaignSequence(ctx: OperationContext, campaignId: string): Promise<Sequence> {
  const campaign = await requireCampaign(ctx, campaignId);
  return { campaignId: campaign.id, campaignName: campaign.name, steps: campaign.steps.map(toSequenceStep) };
}
