import type { Campaign } from '@outreach/contract';
import type { CreateCampaignBody } from '../inputs.js';
import { toApiCampaign } from '../../mappers/campaign.mapper.js';
import { definedOnly, type OperationContext } from '../context.js';
import { statsOf } from './campaign-stats.js';
import { campaignSettingsPatch } from './campaign-input.js';

/**
 * Creates a draft campaign. A workspace with exactly one sender account gets it assigned at once,
 * so the common single-account setup needs no extra call before starting. Under an
 * Idempotency-Key the campaign takes the key's reserved id: a retry after the first request died
 * answers with the campaign it created.
 */
export async function createCampaign(ctx: OperationContext, input: CreateCampaignBody): Promise<Campaign> {
  const accounts = await ctx.db.senderAccounts.list(ctx.workspaceId);
  const only = accounts.length === 1 ? accounts[0] : undefined;
  const campaign = await ctx.db.campaigns.create(
    ctx.workspaceId,
    {
      name: input.name,
      networkAccounts: only ? [only.id] : [],
      ...campaignSettingsPatch(definedOnly(input)),
    },
    { id: ctx.creationId('campaign') },
  );
  return toApiCampaign(campaign, await statsOf(ctx, campaign));
}
