import type { AddLeadsResult } from '@outreach/contract';
import type { AddLeadsBody, LeadInput } from '../inputs.js';
import type { Campaign, NewLead } from '@outreach/db';
import { assignNewLeads, planLeadImport, resolvePublicIdentifier } from '@outreach/domain';
import { pauseIfCompleted } from '../campaigns/campaign-transition.js';
import { plural, requireCampaign, type OperationContext } from '../context.js';

/**
 * Adds leads to a campaign. Identifiers are normalised (or taken from the profile URL); a lead
 * blocked for the workspace or for this campaign is not added; one already in the campaign, or
 * repeated in the request, counts as a duplicate. New leads go to the campaign's senders with the
 * fewest leads, one by one, so the spread stays even.
 * Adding leads to a completed campaign pauses it, so the new leads wait for an explicit start.
 */
export async function addLeads(
  ctx: OperationContext,
  campaignId: string,
  input: AddLeadsBody,
): Promise<AddLeadsResult> {
  const campaign = await requireCampaign(ctx, campaignId);
  const identifiers = input.leads.flatMap((lead) => {
    try {
      return [resolvePublicIdentifier(lead)];
    } catch {
      return [];
    }
  });
  const blocked = await ctx.db.blockedLeads.findBlocked(ctx.workspaceId, campaignId, identifiers);
  // Duplicates against the campaign are counted by the data layer's unique index on insert.
  const plan = planLeadImport(input.leads, { existing: new Set(), isBlocked: (id) => blocked.has(id) });
  const senders = await sendersFor(ctx, campaign, plan.toAdd.length);
  const newLeads = plan.toAdd.map((lead, i) => ({ ...toNewLead(lead), accountId: senders[i] ?? null }));
  const stored = await ctx.db.leads.addMany(ctx.workspaceId, campaignId, newLeads);
  if (stored.added > 0) {
    await ctx.db.campaigns.countWaitingLeadsGiven(ctx.workspaceId, campaignId);
    await pauseIfCompleted(ctx, campaign);
  }
  const duplicates = plan.duplicates + stored.duplicates;
  return {
    success: true,
    message: `${plural(stored.added, 'lead')} added, ${plural(duplicates, 'duplicate')}, ${plan.blocked} blocked`,
    added: stored.added,
    duplicates,
    blocked: plan.blocked,
  };
}

/**
 * The sender of each new lead, from the leads each sender holds (kept on the campaign), so an
 * import costs the import, never a read of the campaign's leads. Concurrent imports may both
 * favour the same sender; the counters stay exact (each import adds what it assigned) and the
 * next import evens it out. A campaign stored before the counters is counted once.
 */
async function sendersFor(ctx: OperationContext, campaign: Campaign, count: number): Promise<string[]> {
  if (campaign.networkAccounts.length === 0 || count === 0) return [];
  const counts = campaign.counters?.sendersCounted
    ? campaign.counters.senders
    : await ctx.db.campaignCounters.countSenders(ctx.workspaceId, campaign.id);
  return assignNewLeads(campaign.networkAccounts, counts, count);
}

function toNewLead(lead: LeadInput & { publicIdentifier: string }): NewLead {
  const newLead: NewLead = { publicIdentifier: lead.publicIdentifier };
  const fields = [
    'networkUrl',
    'firstName',
    'lastName',
    'email',
    'phone',
    'companyName',
    'headline',
    'website',
    'summary',
  ] as const;
  for (const field of fields) {
    const value = lead[field];
    if (value !== undefined) newLead[field] = value;
  }
  if (lead.firstName !== undefined || lead.lastName !== undefined) {
    newLead.name = [lead.firstName, lead.lastName].filter(Boolean).join(' ');
  }
  if (lead.customVariables !== undefined) newLead.customVariables = { ...lead.customVariables };
  return newLead;
}
