import type { CampaignLeadPage } from '@outreach/contract';
import type { CampaignCounters } from '@outreach/db';
import { totalLeads, type LeadStatus } from '@outreach/domain';
import type { ListCampaignLeadsQuery } from '../inputs.js';
import { toApiLead, toApiWaitingFor } from '../../mappers/lead.mapper.js';
import { definedOnly, requireCampaign, type OperationContext } from '../context.js';

export async function listCampaignLeads(
  ctx: OperationContext,
  campaignId: string,
  query: ListCampaignLeadsQuery,
): Promise<CampaignLeadPage> {
  const campaign = await requireCampaign(ctx, campaignId);
  // The total comes from the campaign's counters when they are kept (the same figures as its
  // `progress`), so the page is not counted lead by lead; older campaigns are counted.
  const counted = leadTotal(campaign.counters, query.status);
  const page = await ctx.db.leads.list(ctx.workspaceId, campaignId, definedOnly(query), counted);
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

/** The campaign's leads (of `status`, if given) by its counters; undefined when they are not kept. */
function leadTotal(counters: CampaignCounters | null, status: LeadStatus | undefined): number | undefined {
  if (counters?.maintained !== true) return undefined;
  const count = status !== undefined ? counters.leads[status] : totalLeads(counters.leads);
  // A counter one off after a crash (until the drift check corrects it) never shows below zero.
  return Math.max(0, count);
}
