import type { Lead, LeadSummary, WaitingFor } from '@outreach/contract';
import type { Lead as LeadEntity, SenderAccount } from '@outreach/db';
import { knownText as text, leadWaitingFor, toEventLead } from '@outreach/domain';

/** Why the lead waits at `now` (product time), from its state and its sender account's. */
export function toApiWaitingFor(
  lead: LeadEntity,
  sender: SenderAccount | null,
  now: Date,
): WaitingFor | null {
  const waiting = leadWaitingFor(lead, sender, now);
  return waiting
    ? {
        reason: waiting.reason,
        until: waiting.until ? waiting.until.toISOString() : null,
        detail: waiting.detail,
      }
    : null;
}

/** The lead as the API shows it; `waitingFor` is computed by the caller (it needs the sender). */
export function toApiLead(lead: LeadEntity, waitingFor: WaitingFor | null): Lead {
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
    waitingFor,
    createdAt: lead.createdAt.toISOString(),
  };
}

/** The lead summary of conversations, and of webhook events: one mapping for both. */
export function toLeadSummary(lead: LeadEntity): LeadSummary {
  return toEventLead(lead);
}
