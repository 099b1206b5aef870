import type { ExecutedAction } from './activity-store.port.js';
import type {
  IcpDecisionRecord,
  LeadInternalStatus,
  LeadProfile,
  LeadStatus,
  LeadTag,
  ReplyAnalysisRecord,
  VariantChoiceRecord,
} from '@outreach/domain';

export interface RunnerLead extends LeadProfile {
  id: string;
  workspaceId: string;
  campaignId: string;
  publicIdentifier: string;
  firstName: string;
  lastName: string;
  networkUrl: string;
  status: LeadStatus;
  internalStatus: LeadInternalStatus;
  currentStep: number;
  accountId: string | null;
  tags: readonly LeadTag[];
  /** Variant chosen per step id, kept so a retried step sends the same variant. */
  assignedVariants: Readonly<Record<string, string>>;
  nextActionAt: Date | null;
  /** Claims of the current step so far, this one included. */
  attempts: number;
  /** Idempotency key of an external action started and not yet settled (a crash left it). */
  pendingActionKey: string | null;
  /** When the invitation of the current invitation step went out; its expiry counts from here. */
  invitationSentAt: Date | null;
  /** The provider's id of that invitation, when it answered one (withdrawals take it). */
  invitationId?: string | null;
  /** When the runner withdrew that invitation (left unanswered past the timeout). */
  invitationWithdrawnAt?: Date | null;
  /** When the lead accepted its invitation, once recorded (see `markInvitationAccepted`). */
  invitationAcceptedAt?: Date;
  /** When the pending action was recorded: a resumed action is reconciled from this instant. */
  pendingActionAt: Date | null;
  /**
   * By when the pending attempt's provider calls are over, answered or abandoned (real time, the
   * lease's clock); null or absent when not recorded.
   */
  pendingActionCallsEndBy?: Date | null;
  /** The provider's member id of the lead, resolved once and kept. */
  providerId: string | null;
  /** The text of the message in flight with `pendingActionKey`: a retry sends it as it is. */
  pendingActionContent?: string | null;
  /** ICP decisions by definition key (`icpDefinitionKey`), each made once. */
  icpDecisions?: Readonly<Record<string, IcpDecisionRecord>>;
  /** Which variant the lead got at each message step and why. */
  variantChoices?: Readonly<Record<string, VariantChoiceRecord>>;
  /** Claimed from an expired lease: its holder died or overran it (see `checkCampaignCountersSoon`). */
  leaseTakenOver?: boolean;
}

/** How one step's message was made: the variant choice and the ICP decisions made for it. */
export interface MessagePlan {
  stepId: string;
  choice: VariantChoiceRecord;
  /** Decisions made now (those already on the lead are kept). */
  icpDecisions: Readonly<Record<string, IcpDecisionRecord>>;
}

export interface Lease {
  owner: string;
  /** The time on the lease's clock. */
  now: Date;
  leaseMs: number;
  /** What work is due by, when scheduled on another clock (a lead's step: the product clock). */
  dueBy?: Date;
}

/** How a claimed lead leaves the runner's hands once its step is settled. */
export interface LeadSettlement {
  /** Steps to advance `currentStep` by: 1 when the step completed, 0 to stay on it. */
  advanceBy: number;
  status: LeadStatus;
  internalStatus: LeadInternalStatus;
  /** When to look at the lead again; null when it is no longer runnable. */
  nextActionAt: Date | null;
  /** The invitation of the current step went out (or was found pending) at this time. */
  invitationSentAt?: Date;
  /** The provider's id of that invitation, when it answered one. */
  invitationId?: string;
  /** The invitation of the current step was withdrawn at this time. */
  invitationWithdrawnAt?: Date;
  /** With `missing_variable`: the variables no template had a value for, shown on the lead. */
  missingVariables?: readonly string[];
  /**
   * The step's executed action, logged by the settlement's own write (see `settleLead`): for
   * actions no rolling window reads right away (messages), one round trip fewer than `logAction`.
   */
  loggedAction?: ExecutedAction;
}

/** What a step learnt about the lead from the provider, stored by a write it makes anyway. */
export interface LeadFacts {
  /** The lead's member id at the provider. */
  providerId?: string;
}

/** A lead given back unchanged except for when (and why) to look at it again. */
export interface LeadPostponement {
  nextActionAt: Date;
  internalStatus: LeadInternalStatus;
}

/** A lead's state set from outside a lease (a network event about it). */
export interface LeadStateChange {
  status: LeadStatus;
  internalStatus: LeadInternalStatus;
  nextActionAt: Date | null;
}

/** What the lead was when a change was decided: the change applies only if it still is. */
export type LeadSnapshot = Pick<RunnerLead, 'status' | 'internalStatus' | 'currentStep'>;

/** Profile text seen on the network, for the lead's fields that are still empty. */
export type LeadProfileFill = Partial<
  Record<
    'networkUrl' | 'firstName' | 'lastName' | 'name' | 'headline' | 'companyName' | 'summary',
    string | null
  >
>;

/**
 * Leads and their progress: claims under a lease, the action in flight, settling, and the changes
 * made from outside a lease (network events).
 */
export interface RunnerLeadStore {
  /**
   * Up to `limit` of the campaign's most overdue leads with a free lease, leased to `lease.owner`
   * (most overdue first); none when nothing is due. Three round trips for a batch, one for one.
   */
  claimDueLeads(workspaceId: string, campaignId: string, lease: Lease, limit: number): Promise<RunnerLead[]>;
  /**
   * Written before the network is called, with the text a message carries and how it was made,
   * and when the action's calls will be over (`callsEndBy`); renews the lease to `leaseUntil` (both
   * real time). Rejected (LeaseLost) when the lease is gone.
   */
  recordPendingAction(
    workspaceId: string,
    leadId: string,
    owner: string,
    action: {
      key: string;
      stepId: string;
      variantId: string | null;
      at: Date;
      content?: string;
      plan?: MessagePlan;
      callsEndBy: Date;
      leaseUntil: Date;
    } & LeadFacts,
  ): Promise<void>;
  findAccountLeadsByProviderId(
    workspaceId: string,
    accountId: string,
    providerId: string,
  ): Promise<RunnerLead[]>;
  /** How a message that is not sent was made (the lead shows why); rejected when the lease is gone. */
  recordMessagePlan(workspaceId: string, leadId: string, owner: string, plan: MessagePlan): Promise<void>;
  /** Keeps how the lead's latest reply to a screener was read. */
  recordScreenerAnalysis(workspaceId: string, leadId: string, analysis: ReplyAnalysisRecord): Promise<void>;
  /**
   * Ends the claim; rejected (LeaseLost) when the lease is gone. Clears the pending key. The
   * campaign counters count the lead's move at the next `flushLeadCounts`. A `loggedAction` joins
   * the action log with the other derived records (`deriveActions`); when the lease is gone it is
   * logged on its own (`logAction`) before the rejection, so an action that happened is never lost.
   */
  settleLead(
    workspaceId: string,
    leadId: string,
    owner: string,
    settlement: LeadSettlement & LeadFacts,
  ): Promise<void>;
  /** Gives the lead back (with what the step learnt about it); false when the lease was already gone. */
  releaseLead(
    workspaceId: string,
    leadId: string,
    owner: string,
    postponement?: LeadPostponement,
    facts?: LeadFacts,
  ): Promise<boolean>;
  /**
   * Gives back a lead claimed and never handed to a worker (or whose step must wait), taking the
   * claim back out of its attempts; with `heldUntil` (real time), nobody claims it before then.
   * False when the lease was already gone.
   */
  giveBackLead(workspaceId: string, leadId: string, owner: string, heldUntil?: Date): Promise<boolean>;
  getLead(workspaceId: string, leadId: string): Promise<RunnerLead | null>;
  /**
   * The latest withdrawal of an invitation to this person from any sender of the workspace (read
   * from the leads' `invitationWithdrawnAt`), or null: LinkedIn refuses a new invitation for 21 days.
   */
  lastInvitationWithdrawalAt(workspaceId: string, publicIdentifier: string): Promise<Date | null>;
  /** The workspace's leads of one sender account with this public identifier, in every campaign. */
  findAccountLeads(workspaceId: string, accountId: string, publicIdentifier: string): Promise<RunnerLead[]>;
  /**
   * Sets a lead's state outside a lease, only if it is still as `seen` (any lease on it is
   * dropped): the changed lead, or null when it changed meanwhile (re-read and decide again).
   */
  setLeadStateIf(
    workspaceId: string,
    leadId: string,
    seen: LeadSnapshot,
    change: LeadStateChange,
  ): Promise<RunnerLead | null>;
  /**
   * Marks the lead's invitation accepted at `at`, once (a conditional update that keeps an earlier
   * mark and changes nothing else: not the status, not a lease). True only for the call that set it.
   */
  markInvitationAccepted(workspaceId: string, leadId: string, at: Date): Promise<boolean>;
  /** True only for the call that added the tag. */
  addLeadTag(workspaceId: string, leadId: string, tag: LeadTag): Promise<boolean>;
  /** Fills in the lead's empty profile fields with these values; what is stored stays. */
  fillLeadProfile(workspaceId: string, leadId: string, profile: LeadProfileFill): Promise<void>;
  isBlocked(workspaceId: string, campaignId: string, publicIdentifier: string): Promise<boolean>;
  /** Of these profiles, those that may not be contacted in `campaignId` (one read for a batch). */
  findBlocked(
    workspaceId: string,
    campaignId: string,
    publicIdentifiers: readonly string[],
  ): Promise<Set<string>>;
}
