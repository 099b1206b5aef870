import type { Lead, LeadSummary } from '@outreach/contract';
import type { Lead as LeadEntity } from '@outreach/db';

/** The data layer stores unknown profile text as ''; the API says null. */
function text(value: string | null | undefined): string | null {
  return value === undefined || value === null || value === '' ? null : value;
}

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
    createdAt: lead.createdAt.toISOString(),
  };
}

export function toLeadSummary(lead: LeadEntity): LeadSummary {
  return {
    id: lead.id,
    publicIdentifier: lead.publicIdentifier,
    firstName: text(lead.firstName),
    lastName: text(lead.lastName),
    networkUrl: text(lead.networkUrl),
  };
}
