import type { CampaignLeadPage } from '@outreach/contract';
import type { ListCampaignLeadsQuery } from '../inputs.js';
import { toApiLead, toApiWaitingFor } from '../../mappers/lead.mapper.js';
import { definedOnly, requireCampaign, type OperationContext } from '../context.js';

export async function listCampaignLeads(
  ctx: OperationContext,
  campaignId: string,
  query: ListCampaignLeadsQuery,
): Promise<CampaignLeadPage> {
  await requireCampaign(ctx, campaignId);
  const page = await ctx.db.leads.list(ctx.workspaceId, campaignId, definedOnly(query));
  // One read of the page's sender accounts: why a lead waits may be its sender's state.
  const accountIds = [...new Set(page.items.flatMap((lead) => (lead.accountId ? [lead.accountId] : [])))];
  const accounts = new Map(
    (await ctx.db.senderAccounts.getMany(ctx.workspaceId, accountIds)).map((account) => [
      account.id,
      account,
    ]),
  );
  const now = ctx.productClock();
  return {
    campaignId,
    total: page.total,
    offset: query.offset,
    limit: query.limit,
    nextCursor: page.nextCursor ?? null,
    leads: page.items.map((lead) =>
      toApiLead(
        lead,
        toApiWaitingFor(lead, lead.accountId ? (accounts.get(lead.accountId) ?? null) : null, now),
      ),
    ),
  };
}
