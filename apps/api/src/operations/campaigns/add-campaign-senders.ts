import type { SuccessMessage } from '@outreach/contract';
import type { AddCampaignSendersBody } from '../inputs.js';
import { DomainError } from '@outreach/domain';
import { done, plural, requireCampaign, type OperationContext } from '../context.js';
import { redistributeLeads } from '../leads/redistribute-leads.js';

/**
 * Assigns sender accounts to a campaign, all or nothing: every id must be an account of the
 * workspace (404 naming the missing ones) that is authenticated and active (422). Leads that have
 * not started are then spread over all assigned accounts.
 */
export async function addCampaignSenders(
  ctx: OperationContext,
  campaignId: string,
  input: AddCampaignSendersBody,
): Promise<SuccessMessage> {
  await requireCampaign(ctx, campaignId);
  const ids = [...new Set(input.accountIds)];
  const accounts = await ctx.db.senderAccounts.getMany(ctx.workspaceId, ids);
  const found = new Set(accounts.map((account) => account.id));
  const missingIds = ids.filter((id) => !found.has(id));
  if (missingIds.length > 0) {
    throw new DomainError('account_not_found', `sender account not found: ${missingIds.join(', ')}`, {
      missingIds,
    });
  }
  const unusable = accounts.filter((account) => !account.authenticated || !account.active);
  if (unusable.length > 0) {
    const names = unusable.map((account) => account.id);
    throw new DomainError(
      'account_not_usable',
      `sender accounts must be authenticated and active: ${names.join(', ')}`,
      { accountIds: names },
    );
  }
  await ctx.db.campaigns.addSenders(ctx.workspaceId, campaignId, ids);
  // The counts come from the last pass over the campaign, not from this request's own write: a
  // concurrent assignment may have added senders since.
  const { moved, senders } = await redistributeLeads(ctx, campaignId);
  return done(
    `${plural(ids.length, 'sender account')} assigned; the campaign has ${plural(senders, 'sender')}` +
      (moved > 0 ? `, ${plural(moved, 'lead')} redistributed` : ''),
  );
}
