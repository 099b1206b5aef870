import type { AddLeadsResult } from '@outreach/contract';
import type { AddLeadsBody, LeadInput } from '../inputs.js';
import { addLeadsToCampaign, type NewLead } from '@outreach/db';
import { planLeadImport, resolvePublicIdentifier } from '@outreach/domain';
import { plural, requireCampaign, type OperationContext } from '../context.js';

/**
 * Adds leads to a campaign. Identifiers are normalised (or taken from the profile URL); a lead
 * blocked for the workspace or for this campaign is not added; one already in the campaign, or
 * repeated in the request, counts as a duplicate. The leads are stored by the data layer's lead
 * intake, as a lead import's are: new leads go to the campaign's senders with the fewest leads,
 * one by one, so the spread stays even, and adding leads to a completed campaign pauses it, so
 * the new leads wait for an explicit start.
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
  const stored = await addLeadsToCampaign(
    ctx.db,
    ctx.workspaceId,
    campaignId,
    plan.toAdd.map(toNewLead),
    campaign,
  );
  const duplicates = plan.duplicates + stored.duplicates;
  return {
    success: true,
    message: `${plural(stored.added, 'lead')} added, ${plural(duplicates, 'duplicate')}, ${plan.blocked} blocked`,
    added: stored.added,
    duplicates,
    blocked: plan.blocked,
  };
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
