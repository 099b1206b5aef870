/**
 * The network port for real providers (v2). A real provider offers no idempotency keys, so
 * exactly-once rests on the caller: it records the pending action before the call and, when the
 * outcome is unknown (timeout, 5xx, crash, lost lease), asks `reconcileInvitation` or
 * `reconcileMessage` before it may send again. A profile visit may simply be repeated.
 *
 * `accountId` is the provider's account id (stored on our sender account once connected). A lead
 * is named by its public identifier and, once known, the provider's member id (`providerId`),
 * which `resolveMember` returns and the caller stores on the lead so later calls skip the lookup.
 *
 * Failures are thrown as the typed errors of `network.errors.ts`, each with one meaning for the
 * account and one for the lead (the network README has the table):
 * - `AccountRestrictedError`: the account stops at once; its leads wait (never closed).
 * - `ProviderLimitError` (a `RateLimitedError`): nothing was done; the account cools down for its
 *   `scope` until `retryAfterMs` or, when null, the next window; the lead waits.
 * - `TransientNetworkError`: outcome unknown, reconcile before any retry; with `accountCooldown`
 *   (a 500 on an invitation, a message or a profile read) the account cools down as well.
 * - `ProviderConfigurationError`: our API key or DSN is refused; no account is at fault.
 * - `InsufficientInmailCreditsError`: no InMail until the credits renew; the lead waits or goes by
 *   connection.
 * - `SessionExpiredError`: the LinkedIn session is gone; the owner must reconnect the account.
 * - `CallBudgetExhaustedError`: the call meter refused the call; nothing was sent.
 * - the others (`NotConnectedError`, `ProfileNotFoundError`, `AlreadyInvitedError`, ...) are
 *   verdicts on the lead.
 *
 * Every HTTP call the adapter makes for an account first goes through the optional
 * `ProviderCallMeter` (`provider-call-meter.ts`), so a budget counts reads as well as writes.
 */
import type { NetworkProfile, Relationship } from '../network.types.js';

export interface LeadRef {
  publicIdentifier: string;
  /** The provider's member id, when already resolved; the adapter resolves it otherwise. */
  providerId?: string | null | undefined;
}

export interface ResolvedMember {
  providerId: string;
  profile: NetworkProfile;
  relationship: Relationship;
}

/**
 * How much longer an action's calls may run, read from the caller's clock (the clock its lease
 * runs on). The action's write is not sent once no time is left (a `TransientNetworkError`: the
 * caller treats it as an outcome it does not know), and is abandoned when the time runs out, so the
 * caller knows when nothing of the action can still be on its way to the provider.
 */
export interface CallDeadline {
  /** Milliseconds left; zero or less when no call may start any more. */
  msLeft(): number;
}

export interface ProviderInvitationInput {
  accountId: string;
  lead: LeadRef;
  /** At most `MAX_INVITATION_NOTE_LENGTH` characters once rendered. */
  note?: string | undefined;
  /** When the invitation must be sent by; each call's own timeout otherwise. */
  deadline?: CallDeadline | undefined;
}

export interface ProviderInvitationResult {
  invitationId: string;
  providerId: string;
  sentAt: Date;
}

/** How a message may reach a lead who is not a connection. */
export type InmailPolicy = 'never' | 'when_not_connected';

/** Which LinkedIn product sends an InMail; each has its own credits (see `getInmailBalance`). */
export type InmailApi = 'classic' | 'sales_navigator' | 'recruiter';

export interface ProviderMessageInput {
  accountId: string;
  lead: LeadRef;
  content: string;
  /** `when_not_connected`: start an InMail when the lead is no connection (the account must allow it). */
  inmail: InmailPolicy;
  /**
   * The product an InMail goes through (default `classic`, the Premium credits): Sales Navigator
   * and Recruiter InMails need their own api and use their own credits.
   */
  inmailApi?: InmailApi | undefined;
  /** When the message must be sent by; each call's own timeout otherwise. */
  deadline?: CallDeadline | undefined;
}

export interface ProviderMessageResult {
  messageId: string;
  chatId: string;
  providerId: string;
  /** `inmail` when the message opened a new InMail conversation. */
  channel: 'message' | 'inmail';
  sentAt: Date;
}

export interface ProviderVisitResult {
  providerId: string;
  profile: NetworkProfile;
  visitedAt: Date;
}

export interface ReconcileInvitationInput {
  accountId: string;
  lead: LeadRef;
  /** When the pending action was recorded, before the call whose outcome is unknown. */
  since: Date;
}

export interface ReconcileMessageInput extends ReconcileInvitationInput {
  content: string;
}

/** `sent`: the action is known to have happened; `not_sent`: it may be sent now. */
export type ReconcileVerdict = 'sent' | 'not_sent';

/**
 * `connected` works; `disconnected` lost its credentials (the owner reconnects); `connecting` is on
 * its way; `error` (the provider's ERROR) and `stopped` (STOPPED) do not work and no action may use
 * them, but a reconnection is not what they need.
 */
export type ProviderAccountState = 'connected' | 'disconnected' | 'connecting' | 'error' | 'stopped';

export interface ProviderAccountStatus {
  accountId: string;
  state: ProviderAccountState;
  /** False when the provider lost the credentials: the owner must reconnect. */
  authenticated: boolean;
  inmailAllowed: boolean;
  /**
   * The LinkedIn products of the account as the provider reports them (`premium`,
   * `sales_navigator`, `recruiter`). The tier is the domain's reading of these, not the adapter's.
   */
  premiumFeatures: string[];
}

/** InMail credits left per api; null where the account has no such subscription. */
export interface InmailBalance {
  accountId: string;
  classic: number | null;
  salesNavigator: number | null;
  recruiter: number | null;
}

export interface NetworkRelation {
  providerId: string;
  publicIdentifier: string;
  connectedAt: Date;
  /**
   * The relation's name and headline as the list carries them (Unipile's `UserRelation` has
   * `first_name`, `last_name`, `headline`): what an import of the account's connections stores
   * without a profile read. Optional so that other implementations of the port may leave them out.
   */
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  headline?: string | null | undefined;
}

export interface NetworkMessage {
  messageId: string;
  chatId: string;
  senderProviderId: string;
  /** True for messages the account itself sent. */
  fromAccount: boolean;
  content: string;
  sentAt: Date;
}

export interface Page<T> {
  items: T[];
  /** Pass back for the next page; null at the end. */
  cursor: string | null;
}

export interface ListInput {
  accountId: string;
  cursor?: string | undefined;
  limit?: number | undefined;
}

export interface ListMessagesInput extends ListInput {
  /** Only messages sent at or after this instant. */
  since: Date;
}

export interface HostedAuthLinkInput {
  /** `create` connects a new account; `reconnect` restores the session of `accountId`. */
  type: 'create' | 'reconnect';
  accountId?: string | undefined;
  /** Sent back to `notifyUrl`, to match the new account with our sender account. */
  name: string;
  notifyUrl: string;
  expiresAt: Date;
  successRedirectUrl?: string | undefined;
  failureRedirectUrl?: string | undefined;
}

/** One invitation of the account still waiting for an answer (`listSentInvitations`). */
export interface SentInvitation {
  /** The provider's invitation id: what `sendInvitation` returned and `withdrawInvitation` takes. */
  invitationId: string;
  /** The invitee's member id, when the provider gives it. */
  providerId: string | null;
  /** The invitee's public identifier as LinkedIn spells it, when the provider gives it. */
  publicIdentifier: string | null;
  /**
   * When the invitation was sent, as the provider reports it; null when its date cannot be read.
   * The caller's own record of the send (`ProviderInvitationResult.sentAt`) is the better clock.
   */
  sentAt: Date | null;
}

export interface WithdrawInvitationInput {
  accountId: string;
  invitationId: string;
}

/**
 * `withdrawn`: the invitation was pending and is no more. `not_found`: the provider has no pending
 * invitation of that id (already accepted, already withdrawn, expired): count it as done, there is
 * nothing left to withdraw. Either way the same person cannot be invited again for about three
 * weeks after a withdrawal (LinkedIn), so the caller records `at`.
 */
export interface WithdrawInvitationResult {
  invitationId: string;
  outcome: 'withdrawn' | 'not_found';
  at: Date;
}

/**
 * The account's pending invitations and their withdrawal: what stale-invitation clean-up and an
 * outstanding-invitation ceiling need. Kept apart from `ProviderNetworkPort` for now so that
 * wrappers of that port elsewhere keep compiling; `UnipileNetwork` implements both, and
 * `ProviderNetworkWithInvitations` names the pair.
 */
export interface SentInvitationsPort {
  /**
   * The invitations still pending, newest first, one page per call. The cursor is an offset (the
   * SDK's decoded cursor is `{ limit, cursor: <number> }`): an invitation sent while paging pushes
   * one already seen onto the next page again, one accepted or withdrawn pulls one unseen past the
   * page boundary. De-duplicate by `invitationId`; a sweep that missed one catches it next time.
   */
  listSentInvitations(input: ListInput): Promise<Page<SentInvitation>>;
  /**
   * Withdraws a pending invitation (a write, metered as one). Refusals are the typed errors of the
   * other writes: `ProviderLimitError` (rate limited: nothing done), `AccountRestrictedError`,
   * `SessionExpiredError`, `TransientNetworkError` (outcome unknown: simply call again, a second
   * withdrawal answers `not_found`).
   */
  withdrawInvitation(input: WithdrawInvitationInput): Promise<WithdrawInvitationResult>;
}

export type ProviderNetworkWithInvitations = ProviderNetworkPort & SentInvitationsPort;

export interface ProviderNetworkPort {
  /** One profile read without sections (member id, name, relationship). */
  resolveMember(input: { accountId: string; publicIdentifier: string }): Promise<ResolvedMember>;
  sendInvitation(input: ProviderInvitationInput): Promise<ProviderInvitationResult>;
  sendMessage(input: ProviderMessageInput): Promise<ProviderMessageResult>;
  /**
   * Retrieves the profile the way LinkedIn records a visit (the lead is notified), with the
   * sections that carry company and summary.
   */
  visitProfile(input: { accountId: string; lead: LeadRef }): Promise<ProviderVisitResult>;
  /** One profile read without sections: counts as a profile retrieval all the same. */
  getRelationship(input: { accountId: string; lead: LeadRef }): Promise<Relationship>;
  /** An invitation already pending or a relation already there counts as sent. */
  reconcileInvitation(input: ReconcileInvitationInput): Promise<ReconcileVerdict>;
  /** A message from the account to the lead with the same text, sent at or after `since`, counts as sent. */
  reconcileMessage(input: ReconcileMessageInput): Promise<ReconcileVerdict>;
  /** The account as the provider sees it now (read it again on any status webhook: arrival order lies). */
  getAccountStatus(input: { accountId: string }): Promise<ProviderAccountStatus>;
  /** InMail credits left, per api (credits are monthly; the domain budgets them). */
  getInmailBalance(input: { accountId: string }): Promise<InmailBalance>;
  /** The account's relations, newest first: the reconciliation poll for lost acceptance webhooks. */
  listRelations(input: ListInput): Promise<Page<NetworkRelation>>;
  /** The account's recent messages, newest first: the reconciliation poll for lost reply webhooks. */
  listRecentMessages(input: ListMessagesInput): Promise<Page<NetworkMessage>>;
  createHostedAuthLink(input: HostedAuthLinkInput): Promise<{ url: string }>;
}

/**
 * LinkedIn's hard cap on an invitation note, whatever the account: the adapter refuses longer
 * notes before any call. The free tier's lower cap (and its quota of noted invitations) is the
 * domain's rule, not this one.
 */
export const MAX_INVITATION_NOTE_LENGTH = 300;
