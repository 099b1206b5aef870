import { newId } from '../common/public-ids.js';
import { LEAD_PROFILE_FIELDS, type LeadProfile, type LeadRecord } from './lead.schema.js';

export interface NewLead extends Partial<LeadProfile> {
  /** Already normalised by the caller (trimmed, lower case, URL-decoded). */
  publicIdentifier: string;
  entityUrn?: string | null;
  customVariables?: Record<string, string>;
  accountId?: string | null;
  /** The step it starts at (a connection imported to start at the first message step); 0 by default. */
  currentStep?: number;
  /** The lead import that brought it, if one did. */
  importId?: string;
}

/** A lead as an import stores it: waiting, due now, on the first step. */
export function newLeadRecord(campaignId: string, lead: NewLead, now: Date): Omit<LeadRecord, 'workspaceId'> {
  const profile = Object.fromEntries(
    LEAD_PROFILE_FIELDS.map((field) => [field, lead[field] ?? '']),
  ) as LeadProfile;
  return {
    _id: newId('lead'),
    campaignId,
    publicIdentifier: lead.publicIdentifier,
    ...profile,
    entityUrn: lead.entityUrn ?? null,
    customVariables: { ...lead.customVariables },
    status: 'waiting',
    internalStatus: 'queued',
    currentStep: lead.currentStep ?? 0,
    accountId: lead.accountId ?? null,
    tags: [],
    assignedVariants: {},
    nextActionAt: now,
    leaseOwner: null,
    leaseUntil: null,
    attempts: 0,
    pendingActionKey: null,
    ...(lead.importId === undefined ? {} : { importId: lead.importId }),
    createdAt: now,
    updatedAt: now,
  };
}
