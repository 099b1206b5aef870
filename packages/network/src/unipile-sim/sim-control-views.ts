import type { SimAccount } from './sim-model.js';
import { dayOf, sameDay } from './sim-rules.js';
import type { UnipileSimState } from './sim-state.js';
import { type InvitationStanding, invitationStanding, rulesOf } from './sim-limits.js';

/** An account's standing with LinkedIn, for `GET /_sim/accounts/:id/restriction` and tests. */
export interface SimAccountStanding {
  accountId: string;
  tier: SimAccount['tier'];
  /** The provider status (`CREDENTIALS` once restricted or logged out). */
  status: SimAccount['status'];
  restricted: boolean;
  /** The error type answered while restricted, without its prefix (e.g. `account_restricted`). */
  reason: string | null;
  detail: string | null;
  since: string | null;
  sessionStartedAt: string;
  /** What the account used today (UTC day of the simulator clock) and its InMail credits left. */
  today: { invitations: number; messages: number; profileReads: number; searchResults: number; day: string };
  inmailCredits: number;
  limits: ReturnType<typeof rulesOf>;
  /**
   * The pending pile and the acceptance of the last `acceptanceWindowMs`, with the thresholds
   * that restrict the account (`maxPendingInvitations`, `minAcceptanceRate` over at least
   * `acceptanceMinInvitations`).
   */
  invitations: InvitationStanding & {
    maxPending: number;
    minAcceptanceRate: number;
    acceptanceMinInvitations: number;
    acceptanceWindowMs: number;
    reinviteAfterWithdrawalMs: number;
  };
}

export function restrictionView(state: UnipileSimState, account: SimAccount): SimAccountStanding {
  const nowMs = state.now();
  const restriction = account.restriction;
  return {
    accountId: account.id,
    tier: account.tier,
    status: account.status,
    restricted: restriction !== null,
    reason: restriction?.reason ?? null,
    detail: restriction?.detail ?? null,
    since: restriction ? new Date(restriction.sinceMs).toISOString() : null,
    sessionStartedAt: new Date(account.sessionStartedMs).toISOString(),
    today: {
      invitations: sameDay(account.invitationTimes, nowMs),
      messages: sameDay(account.messageTimes, nowMs),
      profileReads: sameDay(account.profileReadTimes, nowMs),
      searchResults: account.searchResults.day === dayOf(nowMs) ? account.searchResults.used : 0,
      day: new Date(dayOf(nowMs) * 86_400_000).toISOString().slice(0, 10),
    },
    inmailCredits: state.inmailBalance(account),
    limits: rulesOf(state, account),
    invitations: {
      ...invitationStanding(state, account.id),
      maxPending: state.settings.maxPendingInvitations,
      minAcceptanceRate: state.settings.minAcceptanceRate,
      acceptanceMinInvitations: state.settings.acceptanceMinInvitations,
      acceptanceWindowMs: state.settings.acceptanceWindowMs,
      reinviteAfterWithdrawalMs: state.settings.reinviteAfterWithdrawalMs,
    },
  };
}
