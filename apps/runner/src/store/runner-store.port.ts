/**
 * What the runner needs from storage, in its own words. The production implementation is a thin
 * adapter over `@outreach/db` (see `db-runner.store.ts`); keeping the runner behind this port lets
 * the step logic read as the product's rules rather than as queries, and makes the few places where
 * the data layer is asked for more than it offers explicit.
 *
 * Every method that touches a tenant's records takes the workspace id of the item being worked on:
 * the runner learns it from the claimed lead or the listed campaign, never from outside.
 */
import type { CounterCheck, NewProviderEvent, StoredProviderEvent } from '@outreach/db';
import type {
  AccountTier,
  LimitSettings,
  AccountStatus,
  ActionType,
  CampaignSettings,
  CampaignStatus,
  LeadInternalStatus,
  LeadProfile,
  LeadStatus,
  LeadTag,
  EventInput,
  EventType,
  IcpDecisionRecord,
  ReplyAnalysisRecord,
  StepDef,
  VariantChoiceRecord,
} from '@outreach/domain';

export interface RunnerCampaign {
  id: string;
  workspaceId: string;
  name: string;
  status: CampaignStatus;
  settings: CampaignSettings;
  coreVariables: Readonly<Record<string, boolean>>;
  customVariables: Readonly<Record<string, string>>;
  networkAccounts: readonly string[];
  /** In execution order; a lead's `currentStep` indexes this array. */
  steps: readonly StepDef[];
  /** How many times the campaign was started; names the activation in event transition keys. */
  activation: number;
  /**
   * How many times the campaign was given waiting leads again in its life: with `activation`, names
   * each transition to "no lead waiting" in event transition keys.
   */
  leadsGeneration: number;
}

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
  /** When the pending action was recorded: a resumed action is reconciled from this instant. */
  pendingActionAt: Date | null;
  /** The provider's member id of the lead, resolved once and kept. */
  providerId: string | null;
  /** The text of the message in flight with `pendingActionKey`: a retry sends it as it is. */
  pendingActionContent?: string | null;
  /** ICP decisions by definition key (`icpDefinitionKey`), each made once. */
  icpDecisions?: Readonly<Record<string, IcpDecisionRecord>>;
  /** Which variant the lead got at each message step and why. */
  variantChoices?: Readonly<Record<string, VariantChoiceRecord>>;
}

/** How one step's message was made: the variant choice and the ICP decisions made for it. */
export interface MessagePlan {
  stepId: string;
  choice: VariantChoiceRecord;
  /** Decisions made now (those already on the lead are kept). */
  icpDecisions: Readonly<Record<string, IcpDecisionRecord>>;
}

/** InMail credits left per InMail product, as the provider's balance reported them. */
export interface InmailBalance {
  classic: number | null;
  sales_navigator: number | null;
  recruiter: number | null;
  checkedAt: Date;
}

export interface RunnerAccount {
  id: string;
  workspaceId: string;
  name: string;
  status: AccountStatus;
  authenticated: boolean;
  active: boolean;
  timezone: string;
  inmailAllowed: boolean;
  /** The account's LinkedIn tier, from the premium features the provider reports. */
  tier: AccountTier;
  /** When the tier (and the InMail balance) was last read from the provider; null: never. */
  tierCheckedAt: Date | null;
  /** What the user set; the rest follows the tier (`effectiveLimits`). */
  limitSettings: LimitSettings;
  /** When the current warm-up began (a new connection, or a start after idle weeks). */
  warmUpStartedAt: Date | null;
  lastActionAt: Date | null;
  /** Set when LinkedIn restricted the account (status `restricted`). */
  restriction: { reason: string; detail: string; since: Date } | null;
  inmailBalance: InmailBalance | null;
  /** The account's next reconciliation poll (product time); null: due. */
  nextPollAt: Date | null;
  cooldownUntil: Date | null;
  /** The account's pacing gate, shared by every runner: no action before this time. */
  pacedUntil: Date | null;
  /** When the account's current (or last) session began; names the session a loss ends. */
  connectedAt: Date | null;
  /** Where the reading of the account's network event feed stands (null: from the start). */
  eventCursor: string | null;
  /** The provider's id of the account (hosted sign-in); null for accounts registered directly. */
  providerAccountId: string | null;
  createdAt: Date;
}

export interface Lease {
  owner: string;
  now: Date;
  leaseMs: number;
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
  /** With `missing_variable`: the variables no template had a value for, shown on the lead. */
  missingVariables?: readonly string[];
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

export type UsageKind =
  | 'invitations'
  | 'notedInvitations'
  | 'messages'
  | 'inmails'
  | 'inmailsMonth'
  | 'profileVisits'
  | 'callsWrite'
  | 'callsProfileRead'
  | 'callsListRead';

export interface CapacitySlot {
  accountId: string;
  /** Period key in the account's timezone, e.g. `day:2026-03-09` or `week:2026-W11`. */
  period: string;
  kind: UsageKind;
  /** The action (its idempotency key) the unit is for: taken once per key, given back by it. */
  key: string;
}

/** An executed network action, the base of analytics. */
export interface ExecutedAction {
  /** Unique: logging the same action twice keeps one record. */
  idempotencyKey: string;
  workspaceId: string;
  campaignId: string;
  leadId: string;
  accountId: string | null;
  stepId: string | null;
  variantId: string | null;
  type: ActionType;
  at: Date;
}

export interface ReceivedMessage {
  campaignId: string;
  leadId: string;
  accountId: string;
  /** The network's message id: recording the same message twice keeps one. */
  externalId: string;
  content: string;
  receivedAt: Date;
}

export interface SentMessage {
  campaignId: string;
  leadId: string;
  accountId: string;
  externalId: string;
  content: string;
  sentAt: Date;
}

/** A message a user wrote in a conversation, waiting to be sent by the runner. */
export interface QueuedMessage {
  id: string;
  workspaceId: string;
  conversationId: string;
  leadId: string;
  accountId: string | null;
  content: string;
  attempts: number;
}

/** Profile text seen on the network, for the lead's fields that are still empty. */
export type LeadProfileFill = Partial<
  Record<
    'networkUrl' | 'firstName' | 'lastName' | 'name' | 'headline' | 'companyName' | 'summary',
    string | null
  >
>;

export interface RunnerStore {
  listActiveCampaigns(): Promise<RunnerCampaign[]>;
  /** Recounts the counters of the `limit` campaigns (any workspace) checked longest ago. */
  checkCampaignCounters(limit: number): Promise<CounterCheck[]>;
  getCampaign(workspaceId: string, campaignId: string): Promise<RunnerCampaign | null>;
  /**
   * The next round-robin position of one pool of the step's variants (`rotationPoolKey` of the
   * candidates): atomic, distinct for concurrent callers, each pool counted on its own.
   */
  nextRotation(workspaceId: string, campaignId: string, stepId: string, pool: string): Promise<number>;
  /** Whether any lead of the campaign is in one of `statuses` (one indexed read, no count). */
  hasLeadWithStatus(
    workspaceId: string,
    campaignId: string,
    statuses: readonly LeadStatus[],
  ): Promise<boolean>;
  /** Whether a lead of the campaign is paused until a template or variable is fixed. */
  hasLeadAwaitingFix(workspaceId: string, campaignId: string): Promise<boolean>;
  countLeadsByStatus(workspaceId: string, campaignId: string): Promise<Record<LeadStatus, number>>;
  /**
   * active -> completed, only while the campaign is in the activation and leads generation the
   * completion was judged on; false when it was no longer active or was given leads since.
   */
  completeCampaign(
    workspaceId: string,
    campaignId: string,
    judgedOn: { activation: number; leadsGeneration: number },
  ): Promise<boolean>;

  /** The campaign's most overdue lead with a free lease, leased to `lease.owner`; null if none. */
  claimDueLead(workspaceId: string, campaignId: string, lease: Lease): Promise<RunnerLead | null>;
  /**
   * Written before the network is called, with the text a message carries and how it was made;
   * rejected (LeaseLost) when the lease is gone.
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
    },
  ): Promise<void>;
  setLeadProviderId(workspaceId: string, leadId: string, providerId: string): Promise<void>;
  findAccountLeadsByProviderId(
    workspaceId: string,
    accountId: string,
    providerId: string,
  ): Promise<RunnerLead[]>;
  /** How a message that is not sent was made (the lead shows why); rejected when the lease is gone. */
  recordMessagePlan(workspaceId: string, leadId: string, owner: string, plan: MessagePlan): Promise<void>;
  /** Keeps how the lead's latest reply to a screener was read. */
  recordScreenerAnalysis(workspaceId: string, leadId: string, analysis: ReplyAnalysisRecord): Promise<void>;
  /** Ends the claim; rejected (LeaseLost) when the lease is gone. Clears the pending key. */
  settleLead(workspaceId: string, leadId: string, owner: string, settlement: LeadSettlement): Promise<void>;
  /** Gives the lead back; false when the lease was already gone. */
  releaseLead(
    workspaceId: string,
    leadId: string,
    owner: string,
    postponement?: LeadPostponement,
  ): Promise<boolean>;
  getLead(workspaceId: string, leadId: string): Promise<RunnerLead | null>;
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
  /** True only for the call that added the tag. */
  addLeadTag(workspaceId: string, leadId: string, tag: LeadTag): Promise<boolean>;
  /** Fills in the lead's empty profile fields with these values; what is stored stays. */
  fillLeadProfile(workspaceId: string, leadId: string, profile: LeadProfileFill): Promise<void>;
  isBlocked(workspaceId: string, campaignId: string, publicIdentifier: string): Promise<boolean>;

  getAccount(workspaceId: string, accountId: string): Promise<RunnerAccount | null>;
  /** Stores a provider event found by a reconciliation poll; false when it was stored already. */
  recordProviderEvent(event: NewProviderEvent): Promise<boolean>;
  claimProviderEvent(
    lease: Lease,
    providerAccountIds: readonly string[],
  ): Promise<StoredProviderEvent | null>;
  settleProviderEvent(id: string, owner: string, at: Date): Promise<void>;
  releaseProviderEvent(id: string, owner: string, retryAt: Date): Promise<void>;
  /**
   * The connected sender accounts of every workspace, whose network events are read: replies and
   * acceptances keep arriving after a campaign ends. (A session loss reported by the feed of an
   * account disconnected meanwhile is read once it is reconnected, and recognised as stale by
   * its time, before `connectedAt`.)
   */
  listPollableAccounts(): Promise<RunnerAccount[]>;
  /**
   * connected -> disconnected, only for the session that began at `session` (the account's
   * `connectedAt` when the loss was recorded); `changed` is true only for the call that made the
   * transition.
   */
  disconnectAccount(
    workspaceId: string,
    accountId: string,
    disconnection: { reason: string; session: Date | null },
  ): Promise<{ changed: boolean; account: RunnerAccount }>;
  /** Rests the account until `until` with the reason shown to users; never shortens a longer rest. */
  setAccountCooldown(workspaceId: string, accountId: string, until: Date, reason: string): Promise<void>;
  /** connected -> restricted, once: `changed` is true only for the call that made the transition. */
  restrictAccount(
    workspaceId: string,
    accountId: string,
    restriction: { reason: string; detail: string; since: Date },
  ): Promise<{ changed: boolean }>;
  setAccountTier(
    workspaceId: string,
    accountId: string,
    tier: { tier: AccountTier; premiumFeatures: string[]; checkedAt: Date },
  ): Promise<void>;
  setInmailBalance(workspaceId: string, accountId: string, balance: InmailBalance): Promise<void>;
  /** Records an action of the account; a start after idle weeks restarts the warm-up at `warmUpRestartAt`. */
  touchAccountAction(
    workspaceId: string,
    accountId: string,
    at: Date,
    warmUpRestartAt: Date | null,
  ): Promise<void>;
  /**
   * Takes the account's reconciliation poll when it is due (`nextPollAt` null or past), moving it
   * to `nextPollAt`: one runner polls, the others see it taken. False when not due or taken.
   */
  claimAccountPoll(workspaceId: string, accountId: string, now: Date, nextPollAt: Date): Promise<boolean>;
  /** Takes one unit below `cap` atomically; false when the cap is reached. */
  consumeCapacity(
    workspaceId: string,
    slot: CapacitySlot & { cap: number; expiresAt: Date },
  ): Promise<boolean>;
  releaseCapacity(workspaceId: string, slot: CapacitySlot): Promise<void>;
  /**
   * Takes `units` (default 1) of a day's call budget at once, all or none (no action key: every
   * call counts); false when they would pass the cap.
   */
  consumeCallBudget(
    workspaceId: string,
    slot: Omit<CapacitySlot, 'key'> & { cap: number; expiresAt: Date; units?: number },
  ): Promise<boolean>;
  /** Gives back `units` of a day's call budget taken and not spent (never below zero). */
  releaseCallBudget(workspaceId: string, slot: Omit<CapacitySlot, 'key'> & { units: number }): Promise<void>;
  /** When the account's actions of `type` since `since` happened, oldest first (at most `limit`). */
  recentActionTimes(
    workspaceId: string,
    query: { accountId: string; type: ActionType; since: Date; limit: number },
  ): Promise<Date[]>;
  /** The sum of one usage counter over the given periods (e.g. the last 31 days). */
  usageSum(
    workspaceId: string,
    accountId: string,
    kind: UsageKind,
    periods: readonly string[],
  ): Promise<number>;
  /** The sender account a provider account id names, in whichever workspace. */
  findAccountByProviderId(providerAccountId: string): Promise<RunnerAccount | null>;
  /**
   * The account's pacing gate, shared by every runner and atomic: when the account is free at
   * `now`, it becomes busy until `now + gapMs` and null is returned (go); otherwise the time it
   * becomes free is returned.
   */
  takePacingSlot(workspaceId: string, accountId: string, now: Date, gapMs: number): Promise<Date | null>;
  /**
   * Moves the account's feed cursor from `from` (the cursor the page was read from) to `cursor`;
   * false when another runner moved it first (the cursor never goes back).
   */
  saveEventCursor(
    workspaceId: string,
    accountId: string,
    move: { from: string | null; to: string },
  ): Promise<boolean>;

  logAction(action: ExecutedAction): Promise<void>;
  /**
   * Inserts into the outbox under the id derived from type and transition key; false when the
   * transition was already recorded.
   */
  recordEvent<T extends EventType>(event: EventInput<T>): Promise<boolean>;
  recordSentMessage(workspaceId: string, message: SentMessage): Promise<void>;
  /**
   * Appends to the lead's conversation. The same external id twice yields the first message with
   * `created: false` (a feed re-read after a crash).
   */
  recordReceivedMessage(
    workspaceId: string,
    message: ReceivedMessage,
  ): Promise<{ messageId: string; conversationUrn: string; created: boolean }>;

  claimQueuedMessage(lease: Lease): Promise<QueuedMessage | null>;
  markQueuedMessageSent(
    workspaceId: string,
    messageId: string,
    owner: string,
    sent: { externalId: string; sentAt: Date },
  ): Promise<void>;
  /** Gives the message back for a later try, or marks it failed with `error` when `retryAt` is null. */
  retryQueuedMessage(
    workspaceId: string,
    messageId: string,
    owner: string,
    retry: { retryAt: Date | null; error: string },
  ): Promise<void>;
}
