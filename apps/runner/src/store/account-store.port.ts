import type { AccountStatus, AccountTier, ActionType, LimitSettings } from '@outreach/domain';
import type { AcceptanceGuardRecord, InvitationPileRecord } from './invitation-store.port.js';

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
  /** Why the account rests (`provider_limit:<scope>` when LinkedIn's limit on an action put it there). */
  cooldownReason: string | null;
  /** The account's pacing gate, shared by every runner: no action before this time. */
  pacedUntil: Date | null;
  /** When the account's current (or last) session began; names the session a loss ends. */
  connectedAt: Date | null;
  /** Where the reading of the account's network event feed stands (null: from the start). */
  eventCursor: string | null;
  /** The provider's id of the account (hosted sign-in); null for accounts registered directly. */
  providerAccountId: string | null;
  /** The acceptance guard's verdict, once reviewed (absent or null: never reviewed). */
  acceptanceGuard?: AcceptanceGuardRecord | null;
  /** The pending invitations and the room under their ceiling, once reviewed. */
  invitationPile?: InvitationPileRecord | null;
  createdAt: Date;
}

export type UsageKind =
  | 'invitations'
  | 'notedInvitations'
  | 'messages'
  | 'inmails'
  | 'inmailsMonth'
  | 'profileVisits'
  | 'callsWrite'
  | 'callsProfileRead'
  | 'callsListRead'
  | 'withdrawals';

export interface CapacitySlot {
  accountId: string;
  /** Period key in the account's timezone, e.g. `day:2026-03-09` or `week:2026-W11`. */
  period: string;
  kind: UsageKind;
  /** The action (its idempotency key) the unit is for: taken once per key, given back by it. */
  key: string;
}

/** Sender accounts: their state, pacing, and the capacity and call budgets their actions take. */
export interface RunnerAccountStore {
  getAccount(workspaceId: string, accountId: string): Promise<RunnerAccount | null>;
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
  /** Takes one unit below `cap` atomically; false when the cap is reached. */
  consumeCapacity(
    workspaceId: string,
    slot: CapacitySlot & { cap: number; expiresAt: Date },
  ): Promise<boolean>;
  /**
   * `consumeCapacity` of several slots (an invitation's day and week), all or none: `refused` is
   * null when every unit is held, else the index of the first slot at its cap (the units taken
   * before it are given back). An `optional` slot (an invitation's note) is taken last, only once
   * the others are; `optional` says whether it was. One round trip when every unit is free.
   */
  consumeCapacities(
    workspaceId: string,
    slots: ReadonlyArray<CapacitySlot & { cap: number; expiresAt: Date }>,
    optional?: CapacitySlot & { cap: number; expiresAt: Date },
  ): Promise<{ refused: number | null; optional: boolean }>;
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
}
