import {
  type IcpDecisionRecord,
  type ReplyAnalysisRecord,
  type VariantChoiceRecord,
  LEAD_INTERNAL_STATUSES,
  LEAD_STATUSES,
  LEAD_TAGS,
  type LeadInternalStatus,
  type LeadStatus,
  type LeadTag,
} from '@outreach/domain';
import { Schema } from 'mongoose';
import type { ActionToLog } from '../action/action.schema.js';
import { recordOptions, workspaceIdField } from '../common/record-options.js';
import type { RemovalClaimable } from '../common/removal-claim.js';

/** The profile fields a lead is imported with (all strings; empty when unknown). */
export const LEAD_PROFILE_FIELDS = [
  'networkUrl',
  'firstName',
  'lastName',
  'name',
  'email',
  'phone',
  'companyName',
  'headline',
  'website',
  'summary',
  'profilePictureUrl',
] as const;
export type LeadProfileField = (typeof LEAD_PROFILE_FIELDS)[number];

export type LeadProfile = Record<LeadProfileField, string>;

/** `removalToken`/`removalUntil`: held while a removal request that claimed the lead deletes it. */
export interface LeadRecord extends LeadProfile, RemovalClaimable {
  _id: string;
  workspaceId: string;
  campaignId: string;
  publicIdentifier: string;
  entityUrn: string | null;
  customVariables: Record<string, string>;
  status: LeadStatus;
  internalStatus: LeadInternalStatus;
  /** 0-based index of the next step to run; equal to the number of steps once finished. */
  currentStep: number;
  /** The sender account assigned to the lead, or null before distribution. */
  accountId: string | null;
  tags: LeadTag[];
  /** Chosen variant by step id, so a lead keeps its variant when a step is retried. */
  assignedVariants: Record<string, string>;
  /**
   * When the runner should next look at the lead. Present only while the lead is runnable
   * (waiting or active): paused, completed and error leads have none, which keeps them out of
   * the claim index altogether.
   */
  nextActionAt?: Date;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  /**
   * Claims of the current step so far (reset when the lead moves to another step, kept while it
   * stays on one), so the idempotency key `(lead, step, attempt)` of a new action never repeats.
   */
  attempts: number;
  /** Idempotency key of the external action in flight, written before the network is called. */
  pendingActionKey: string | null;
  /**
   * When the pending action was recorded: a resumed action whose outcome is unknown is reconciled
   * with the provider's state since this instant before anything is sent again.
   */
  pendingActionAt?: Date | null;
  /**
   * By when every provider call of the pending action's attempt is over, answered or abandoned, on
   * the lease's clock (real time): a later attempt reconciles with the provider only after it (and
   * a margin), never while the first call may still be on its way.
   */
  pendingActionCallsEndBy?: Date | null;
  /** The network provider's member id of the lead, resolved once from its public identifier. */
  providerId?: string | null;
  /**
   * The text of the message in flight, written with its key: a retry sends exactly this text (an
   * AI-written part is not written again), so the network recognises the message it already has.
   */
  pendingActionContent?: string | null;
  /** ICP decisions by definition key: each (lead, definition) is decided once. */
  icpDecisions?: Record<string, IcpDecisionRecord>;
  /** Which variant the lead got at each message step (by step id) and why. */
  variantChoices?: Record<string, VariantChoiceRecord>;
  /** How the lead's latest reply to a screener was read. */
  screenerAnalysis?: ReplyAnalysisRecord | null;
  /**
   * The variables the runner found no value for when it paused the lead with `missing_variable`;
   * empty after any other outcome.
   */
  missingVariables?: string[];
  /**
   * When the invitation of the lead's current invitation step went out (or was found pending):
   * its expiry counts from here. Absent on leads that never had one.
   */
  invitationSentAt?: Date | null;
  /**
   * The provider's id of that invitation (`sendInvitation`'s `invitationId`): what a withdrawal
   * takes. Absent on invitations sent before it was kept, and when the send was only reconciled.
   */
  invitationId?: string | null;
  /**
   * When the runner withdrew that invitation (it was left unanswered past the campaign's timeout).
   * The lead keeps `currentStep` and `invitationSentAt`, so a late acceptance still counts; the
   * person is not invited again from the workspace within 21 days of it.
   */
  invitationWithdrawnAt?: Date | null;
  /**
   * When the lead accepted its invitation: set once (`markInvitationAccepted`, a conditional
   * update), after the acceptance's event and action were recorded, whatever the lead's status then
   * (a lead that replied or whose invitation expired before the acceptance was reported keeps its
   * status). Absent until then.
   */
  invitationAcceptedAt?: Date;
  /** The lead import that added the lead; absent for leads added otherwise. */
  importId?: string;
  /**
   * When the lead reached a final status (completed or error); absent while it is not in one.
   * Written only through `withCompletion` (see lead-completion.ts).
   */
  completedAt?: Date;
  /**
   * Actions the runner logged with the lead's step outcome, in the same write, not yet in the
   * action log: the log's follower moves them there (`ActionFollower`) within seconds, and a lead
   * deleted before that takes them to the log first. `actionsToLogSince` is present with them.
   */
  actionsToLog?: ActionToLog[];
  actionsToLogSince?: Date;
  createdAt: Date;
  updatedAt: Date;
}

const text = { type: String, default: '' } as const;

export const leadSchema = new Schema<LeadRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    campaignId: { type: String, required: true, immutable: true },
    publicIdentifier: { type: String, required: true },
    networkUrl: text,
    entityUrn: { type: String, default: null },
    firstName: text,
    lastName: text,
    name: text,
    email: text,
    phone: text,
    companyName: text,
    headline: text,
    website: text,
    summary: text,
    profilePictureUrl: text,
    customVariables: { type: Map, of: String, default: {} },
    status: { type: String, enum: LEAD_STATUSES, required: true },
    internalStatus: { type: String, enum: LEAD_INTERNAL_STATUSES, required: true },
    currentStep: { type: Number, required: true, min: 0 },
    accountId: { type: String, default: null },
    tags: { type: [{ type: String, enum: LEAD_TAGS }], default: [] },
    assignedVariants: { type: Map, of: String, default: {} },
    nextActionAt: { type: Date },
    leaseOwner: { type: String, default: null },
    leaseUntil: { type: Date, default: null },
    removalToken: { type: String },
    removalUntil: { type: Date },
    attempts: { type: Number, default: 0 },
    pendingActionKey: { type: String, default: null },
    pendingActionAt: { type: Date, default: null },
    pendingActionCallsEndBy: { type: Date, default: null },
    providerId: { type: String, default: null },
    pendingActionContent: { type: String, default: null },
    icpDecisions: { type: Schema.Types.Mixed, default: {} },
    variantChoices: { type: Schema.Types.Mixed, default: {} },
    screenerAnalysis: { type: Schema.Types.Mixed, default: null },
    missingVariables: { type: [String], default: undefined },
    invitationSentAt: { type: Date, default: null },
    invitationId: { type: String, default: null },
    invitationWithdrawnAt: { type: Date, default: null },
    invitationAcceptedAt: { type: Date },
    importId: { type: String },
    completedAt: { type: Date },
    actionsToLog: { type: [Schema.Types.Mixed], default: undefined },
    actionsToLogSince: { type: Date },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  recordOptions('leads'),
);

// Serves bulk add: a profile is in a campaign at most once, so a second add counts as a duplicate.
// Led by the workspace so that no other workspace naming this campaign id can collide with it.
leadSchema.index({ workspaceId: 1, campaignId: 1, publicIdentifier: 1 }, { unique: true });
// Serves `list` with a status filter (in creation order, `_id` being time-ordered),
// `countByStatus`, `countByStatusForCampaigns` and the progress adjustments' `currentStep` scans.
leadSchema.index({ workspaceId: 1, campaignId: 1, status: 1, _id: 1 });
// Serves `list` without a status filter (a campaign's leads in creation order) and
// `deleteMany`'s lookup of a campaign's ids.
leadSchema.index({ workspaceId: 1, campaignId: 1, _id: 1 });
// Serves `findByPublicIdentifier`: which of the workspace's leads an incoming message is from.
leadSchema.index({ workspaceId: 1, publicIdentifier: 1 });
// Serves the runner's claim (`claimDue`): a campaign's runnable leads by due time. Partial on
// `nextActionAt` existing, so only waiting and active leads are in it: a claim walks the due
// entries of one campaign in time order and never touches paused or finished leads.
leadSchema.index(
  { workspaceId: 1, campaignId: 1, nextActionAt: 1 },
  { partialFilterExpression: { nextActionAt: { $exists: true } } },
);
// Serves `wakeParkedBySender`: the leads waiting for a sender account that was reconnected.
// Partial, so it holds only the few leads parked that way.
leadSchema.index(
  { workspaceId: 1, accountId: 1 },
  { partialFilterExpression: { internalStatus: 'sender_unavailable' } },
);
// The same for the leads of a sender LinkedIn restricted (woken when it is reconnected).
leadSchema.index(
  { workspaceId: 1, accountId: 1, internalStatus: 1 },
  { partialFilterExpression: { internalStatus: 'sender_restricted' } },
);
// Serves `findByProviderId`: provider events name the lead by its member id. Partial, so leads
// never resolved are not in it.
leadSchema.index(
  { workspaceId: 1, providerId: 1 },
  { partialFilterExpression: { providerId: { $type: 'string' } } },
);
// Serves an account's invitations (`LeadInvitationRepository`): those still pending, those of the
// acceptance guard's window, and the stale ones left by finished leads, oldest first. Partial, so
// only leads an invitation was sent to are in it.
leadSchema.index(
  { workspaceId: 1, accountId: 1, invitationSentAt: 1 },
  { partialFilterExpression: { invitationSentAt: { $type: 'date' } } },
);
// Serves analytics' count of the leads added to campaigns within a window
// (`countAddedAndCompleted`).
leadSchema.index({ workspaceId: 1, campaignId: 1, createdAt: 1 });
// Serves analytics' count of the leads that reached a final status within a window
// (`countAddedAndCompleted`). Partial: only finished leads have `completedAt`.
leadSchema.index(
  { workspaceId: 1, campaignId: 1, completedAt: 1 },
  { partialFilterExpression: { completedAt: { $exists: true } } },
);
// Serves the action log's follower: the leads whose step outcome carried actions to log, across
// workspaces. Partial: only those leads, for the seconds until they are moved.
leadSchema.index(
  { actionsToLogSince: 1 },
  { partialFilterExpression: { actionsToLogSince: { $exists: true } } },
);
