import type { Lead, LeadSummary } from '@outreach/contract';
import type { Lead as LeadEntity } from '@outreach/db';
import { knownText as text, toEventLead } from '@outreach/domain';

export function toApiLead(lead: LeadEntity): Lead {
  return {
    id: lead.id,
    publicIdentifier: lead.publicIdentifier,
    networkUrl: text(lead.networkUrl),
    entityUrn: lead.entityUrn,
    firstName: text(lead.firstName),
    lastName: text(lead.lastName),
    name: text(lead.name),
    email: text(lead.email),
    phone: text(lead.phone),
    companyName: text(lead.companyName),
    headline: text(lead.headline),
    website: text(lead.website),
    summary: text(lead.summary),
    profilePictureUrl: text(lead.profilePictureUrl),
    status: lead.status,
    internalStatus: lead.internalStatus,
    currentStep: lead.currentStep,
    customVariables: { ...lead.customVariables },
    accountId: lead.accountId,
    tags: [...lead.tags],
    icpDecisions: Object.values(lead.icpDecisions).sort((a, b) => a.decidedAt.localeCompare(b.decidedAt)),
    variantChoices: Object.entries(lead.variantChoices)
      .map(([stepId, choice]) => ({ stepId, ...choice }))
      .sort((a, b) => a.chosenAt.localeCompare(b.chosenAt)),
    screenerAnalysis: lead.screenerAnalysis,
    // Kept by the runner with the pause; a lead resumed or moved on no longer lacks them.
    missingVariables: lead.internalStatus === 'missing_variable' ? [...lead.missingVariables] : [],
    createdAt: lead.createdAt.toISOString(),
  };
}

/** The lead summary of conversations, and of webhook events: one mapping for both. */
export function toLeadSummary(lead: LeadEntity): LeadSummary {
  return toEventLead(lead);
}
