import {
  DEFAULT_ACCOUNT_LIMITS,
  LIMIT_KEYS,
  type AccountLimits,
  type AccountStatus,
  type AccountTier,
  type LimitSettings,
} from '@outreach/domain';
import type { AccountRestriction, InmailBalance, SenderAccountRecord } from './sender-account.schema.js';
import type { AcceptanceGuardRecord, InvitationPileRecord } from './sender-account-invitations.js';

/**
 * The API's `SenderAccount`, plus the workspace, the last disconnect reason and the runners' state
 * (session start, pacing gate, event feed cursor, polls, warm-up, restriction).
 */
export interface SenderAccount {
  id: string;
  workspaceId: string;
  name: string;
  publicIdentifier: string;
  status: AccountStatus;
  disconnectReason: string | null;
  authenticated: boolean;
  active: boolean;
  timezone: string;
  inmailAllowed: boolean;
  tier: AccountTier;
  tierCheckedAt: Date | null;
  premiumFeatures: string[];
  /** What the user set; the effective limits are the domain's `effectiveLimits` of these. */
  limitSettings: LimitSettings;
  /**
   * Transitional, for readers not yet on `effectiveLimits`: the five caps as they were enforced
   * before tiers (the former defaults under the user's settings). Not the account's real limits.
   */
  limits: AccountLimits;
  warmUpStartedAt: Date | null;
  lastActionAt: Date | null;
  restriction: AccountRestriction | null;
  cooldownUntil: Date | null;
  cooldownReason: string | null;
  inmailBalance: InmailBalance | null;
  nextPollAt: Date | null;
  /** The acceptance guard's verdict on the account's recent invitations; null until reviewed. */
  acceptanceGuard: AcceptanceGuardRecord | null;
  /** The account's pending invitations under their ceiling; null until reviewed. */
  invitationPile: InvitationPileRecord | null;
  /** When the current (or last) session began; null on records older than the field. */
  connectedAt: Date | null;
  /** The runners' shared pacing gate: no action of the account before this instant. */
  pacedUntil: Date | null;
  /** The provider's cursor of the account's event feed, up to which events are handled. */
  eventCursor: string | null;
  /** The provider's id of the account, once connected through the provider; null otherwise. */
  providerAccountId: string | null;
  createdAt: Date;
}

const LEGACY_KEYS = Object.keys(DEFAULT_ACCOUNT_LIMITS) as Array<keyof AccountLimits>;

/**
 * The user's settings of a record, the one place that reads the retired `limits` field: a value
 * equal to its former default was never the user's choice (every account got the defaults), so
 * only a value that differs is a setting. `limitSettings`, when present, wins over it.
 */
export function limitSettingsOf(
  record: Pick<SenderAccountRecord, 'limits' | 'limitSettings'>,
): LimitSettings {
  const settings: LimitSettings = {};
  for (const key of LEGACY_KEYS) {
    const value = record.limits?.[key];
    if (typeof value === 'number' && value !== DEFAULT_ACCOUNT_LIMITS[key]) settings[key] = value;
  }
  for (const key of LIMIT_KEYS) {
    const value = record.limitSettings?.[key];
    if (typeof value === 'number') settings[key] = value;
  }
  return settings;
}

function transitionalCaps(settings: LimitSettings): AccountLimits {
  const caps = { ...DEFAULT_ACCOUNT_LIMITS };
  for (const key of LEGACY_KEYS) caps[key] = settings[key] ?? caps[key];
  return caps;
}

export function toSenderAccount(record: SenderAccountRecord): SenderAccount {
  const limitSettings = limitSettingsOf(record);
  return {
    id: record._id,
    workspaceId: record.workspaceId,
    name: record.name,
    publicIdentifier: record.publicIdentifier,
    status: record.status,
    disconnectReason: record.disconnectReason ?? null,
    authenticated: record.authenticated,
    active: record.active,
    timezone: record.timezone,
    inmailAllowed: record.inmailAllowed,
    tier: record.tier ?? 'free',
    tierCheckedAt: record.tierCheckedAt ?? null,
    premiumFeatures: [...(record.premiumFeatures ?? [])],
    limitSettings,
    limits: transitionalCaps(limitSettings),
    warmUpStartedAt: record.warmUpStartedAt ?? null,
    lastActionAt: record.lastActionAt ?? null,
    restriction: record.restriction
      ? {
          reason: record.restriction.reason,
          detail: record.restriction.detail,
          since: record.restriction.since,
        }
      : null,
    cooldownUntil: record.cooldownUntil ?? null,
    cooldownReason: record.cooldownReason ?? null,
    inmailBalance: record.inmailBalance
      ? {
          classic: record.inmailBalance.classic ?? null,
          sales_navigator: record.inmailBalance.sales_navigator ?? null,
          recruiter: record.inmailBalance.recruiter ?? null,
          checkedAt: record.inmailBalance.checkedAt,
        }
      : null,
    nextPollAt: record.nextPollAt ?? null,
    acceptanceGuard: record.acceptanceGuard ? { ...record.acceptanceGuard } : null,
    invitationPile: record.invitationPile ? { ...record.invitationPile } : null,
    connectedAt: record.connectedAt ?? null,
    pacedUntil: record.pacedUntil ?? null,
    eventCursor: record.eventCursor ?? null,
    providerAccountId: record.providerAccountId ?? null,
    createdAt: record.createdAt,
  };
}
