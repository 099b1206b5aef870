import type { Campaign } from '@outreach/contract';
import { pauseCampaign as pauseRule } from '@outreach/domain';
import { toApiCampaign } from '../../mappers/campaign.mapper.js';
import { requireCampaign, type OperationContext } from '../context.js';
import { transitionOrExplain } from './campaign-transition.js';
import { statsOf } from './campaign-stats.js';

/** Active -> paused. The runner stops claiming the campaign's leads once it is no longer active. */
export async function pauseCampaign(ctx: OperationContext, campaignId: string): Promise<Campaign> {
  const current = await requireCampaign(ctx, campaignId);
  pauseRule(current.status);
  const campaign = await transitionOrExplain(ctx, campaignId, { from: ['active'], to: 'paused' }, (status) =>
    pauseRule(status),
  );
  return toApiCampaign(campaign, await statsOf(ctx, campaign));
}
