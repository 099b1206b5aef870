import type {
  IcpDecisionRecord,
  LeadInternalStatus,
  LeadStatus,
  LeadTag,
  ReplyAnalysisRecord,
  VariantChoiceRecord,
} from '@outreach/domain';
import type { WorkspaceId } from '../common/public-ids.js';
import { LEAD_PROFILE_FIELDS, type LeadProfile, type LeadRecord } from './lead.schema.js';

/** A lead as the API lists it, plus what the runner needs (lease and scheduling fields). */
export interface Lead extends LeadProfile {
  id: string;
  workspaceId: WorkspaceId;
  campaignId: string;
  publicIdentifier: string;
  entityUrn: string | null;
  customVariables: Record<string, string>;
  status: LeadStatus;
  internalStatus: LeadInternalStatus;
  currentStep: number;
  accountId: string | null;
  tags: LeadTag[];
  assignedVariants: Record<string, string>;
  nextActionAt: Date | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  /**
   * Set on a lead a claim took over from an expired lease (its holder died, or overran the lease):
   * the holder's writes may be cut short, and its campaign's counters are worth a check.
   */
  leaseTakenOver?: true;
  attempts: number;
  pendingActionKey: string | null;
  /** When the pending action was recorded (its reconciliation looks from here). */
  pendingActionAt: Date | null;
  /** By when the pending attempt's provider calls are over (real time); null when unknown. */
  pendingActionCallsEndBy: Date | null;
  /** The provider's member id, once resolved. */
  providerId: string | null;
  /** The text of the message in flight (sent again as it is by a retry); null when none. */
  pendingActionContent: string | null;
  /** ICP decisions by definition key (`icp_...`). */
  icpDecisions: Record<string, IcpDecisionRecord>;
  /** Which variant the lead got at each message step (by step id) and why. */
  variantChoices: Record<string, VariantChoiceRecord>;
  /** How the lead's latest reply to a screener was read; null when none was. */
  screenerAnalysis: ReplyAnalysisRecord | null;
  /** Variables without a value when the runner paused the lead with `missing_variable`. */
  missingVariables: string[];
  /** When the invitation of the current invitation step went out; null when none did. */
  invitationSentAt: Date | null;
  /** The provider's id of that invitation; null when unknown (sent before it was kept). */
  invitationId: string | null;
  /** When the runner withdrew that invitation; null when it did not. */
  invitationWithdrawnAt: Date | null;
  /** When the lead accepted its invitation (recorded once); absent until it did. */
  invitationAcceptedAt?: Date;
  /** When the lead reached its final status (completed or error); null while it is not final. */
  completedAt: Date | null;
  createdAt: Date;
}

export function toLead(record: LeadRecord): Lead {
  const profile = Object.fromEntries(
    LEAD_PROFILE_FIELDS.map((field) => [field, record[field] ?? '']),
  ) as LeadProfile;
  return {
    id: record._id,
    workspaceId: record.workspaceId as WorkspaceId,
    campaignId: record.campaignId,
    publicIdentifier: record.publicIdentifier,
    ...profile,
    entityUrn: record.entityUrn ?? null,
    customVariables: { ...record.customVariables },
    status: record.status,
    internalStatus: record.internalStatus,
    currentStep: record.currentStep,
    accountId: record.accountId ?? null,
    tags: [...(record.tags ?? [])],
    assignedVariants: { ...record.assignedVariants },
    nextActionAt: record.nextActionAt ?? null,
    leaseOwner: record.leaseOwner ?? null,
    leaseUntil: record.leaseUntil ?? null,
    attempts: record.attempts ?? 0,
    pendingActionKey: record.pendingActionKey ?? null,
    pendingActionAt: record.pendingActionAt ?? null,
    pendingActionCallsEndBy: record.pendingActionCallsEndBy ?? null,
    providerId: record.providerId ?? null,
    pendingActionContent: record.pendingActionContent ?? null,
    icpDecisions: { ...record.icpDecisions },
    variantChoices: { ...record.variantChoices },
    screenerAnalysis: record.screenerAnalysis ?? null,
    missingVariables: [...(record.missingVariables ?? [])],
    invitationSentAt: record.invitationSentAt ?? null,
    invitationId: record.invitationId ?? null,
    invitationWithdrawnAt: record.invitationWithdrawnAt ?? null,
    ...(record.invitationAcceptedAt ? { invitationAcceptedAt: record.invitationAcceptedAt } : {}),
    completedAt: record.completedAt ?? null,
    createdAt: record.createdAt,
  };
}
