/**
 * Invitation hygiene for one sender account: withdrawing invitations nobody answers, keeping the
 * pile of pending invitations under a ceiling, slowing down when too few are accepted, and never
 * inviting a person again too soon after a withdrawal.
 *
 * Why: LinkedIn restricts an account "for having too many outstanding invitations" (the account
 * waits up to a month) and when "many of your invitations have been ignored, left pending, or
 * marked as spam" ([invitation limits]). Practitioners name 500 to 700 pending invitations as the
 * danger zone. After a withdrawal LinkedIn refuses a new invitation to the same person for about
 * three weeks (Unipile answers 422 `cannot_resend_yet`, which cannot be told from the weekly cap and
 * would cool the whole account down), so the caller must not try.
 *
 * Sources:
 * - [invitation limits] LinkedIn Help, "Invitation limits":
 *   https://www.linkedin.com/help/linkedin/answer/a551012
 * - [limits] Unipile, "Provider limits and restrictions":
 *   https://developer.unipile.com/docs/provider-limits-and-restrictions (invitation-related writes
 *   fall under the same daily caution as the invitations themselves: space them out, stay low).
 * Where a number is not from a source it says so: it is our choice, kept conservative.
 */
import { DomainError } from './errors.js';
import type { AccountTier } from './linkedin-limits.rules.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How many days after it was sent an unanswered invitation is withdrawn (the campaign's
 * `invitationTimeoutDays`). 21 is the service's default timeout; below 7 days an invitation has not
 * had its chance (most acceptances come within days, but not all), above 60 it sits in the pile for
 * two months. The bounds are our choice.
 */
export const WITHDRAW_AFTER_DAYS = Object.freeze({ default: 21, min: 7, max: 60 });

/** A campaign's timeout kept within `WITHDRAW_AFTER_DAYS` (the default when unset or not a number). */
export function withdrawAfterDaysOf(setting: number | null | undefined): number {
  if (setting === null || setting === undefined || !Number.isFinite(setting)) {
    return WITHDRAW_AFTER_DAYS.default;
  }
  return Math.min(WITHDRAW_AFTER_DAYS.max, Math.max(WITHDRAW_AFTER_DAYS.min, Math.round(setting)));
}

/** When an invitation sent at `sentAt` becomes due for withdrawal. */
export function staleInvitationDueAt(sentAt: Date, withdrawAfterDays: number): Date {
  return new Date(sentAt.getTime() + withdrawAfterDays * DAY_MS);
}

/** Whether an invitation sent at `sentAt` and still unanswered is due for withdrawal at `now`. */
export function staleInvitationDue(sentAt: Date, withdrawAfterDays: number, now: Date): boolean {
  return now.getTime() >= staleInvitationDueAt(sentAt, withdrawAfterDays).getTime();
}

/**
 * The fewest withdrawals an account may make in a day, whatever its invitation limit
 * (`withdrawalAllowance` raises it to that limit). A withdrawal is a write (Unipile's
 * `DELETE /users/invite/sent/:id`) and is counted like the other writes in the account's call
 * meter; [limits] puts invitation-related writes under the same daily caution as invitations.
 * No source gives a number: 20 a day (10 on a free account, which sends far fewer) is our choice.
 */
export const WITHDRAWALS_PER_DAY: Readonly<Record<AccountTier, number>> = Object.freeze({
  free: 10,
  premium: 20,
  sales_navigator: 20,
  recruiter: 20,
});

/**
 * Withdrawals an account makes in any one minute. Withdrawals are writes LinkedIn sees, and a burst
 * of writes within a minute is what its automation detection reacts to (the network simulator
 * answers 429 past 5 sensitive calls a minute); the other actions are paced minutes apart, so two
 * withdrawals a minute keep an account well under that. Our choice.
 */
export const WITHDRAWALS_PER_MINUTE = 2;

/** The usage period of the minute containing `now` (product time), for `WITHDRAWALS_PER_MINUTE`. */
export function withdrawalMinute(now: Date): { key: string; end: Date } {
  const minute = Math.floor(now.getTime() / 60_000);
  return { key: `minute:${minute}`, end: new Date((minute + 1) * 60_000) };
}

/**
 * The withdrawals an account may make today: the tier's allowance, or the account's own daily
 * invitation limit where that is higher (a Sales Navigator account raised to 40 invitations a day
 * sees 40 of them go stale each day, and an allowance of 20 would fall further behind every day).
 * `invitationsPerDay` is the limit before the acceptance guard: a guard that halves or stops the
 * day's invitations must not slow down the withdrawals that bring the pile down.
 */
export function withdrawalAllowance(tier: AccountTier, invitationsPerDay: number): number {
  return Math.max(WITHDRAWALS_PER_DAY[tier], Math.max(0, Math.floor(invitationsPerDay)));
}

/**
 * The most invitations an account may have pending (sent, not accepted, not withdrawn, not
 * expired). Practitioners name 500 to 700 as the danger zone and LinkedIn restricts "for having
 * too many outstanding invitations" ([invitation limits]); we stop at the bottom of that range,
 * and nobody may raise it (`max`). Our choice within the practitioners' range.
 */
export const OUTSTANDING_CEILING = Object.freeze({ default: 500, max: 500 });

/** How many more invitations may be pending under the ceiling (never above `OUTSTANDING_CEILING.max`). */
export function invitationRoomUnderCeiling(
  pending: number,
  ceiling: number = OUTSTANDING_CEILING.default,
): number {
  const bounded = Math.min(Math.max(0, ceiling), OUTSTANDING_CEILING.max);
  return Math.max(0, bounded - Math.max(0, pending));
}

/**
 * The invitations the acceptance guard judges: those sent between 3 and 21 days ago. Younger ones
 * have not had time to be answered; older ones are withdrawn by then (the default timeout).
 */
export const ACCEPTANCE_WINDOW_DAYS = Object.freeze({ from: 3, to: 21 });

/** The instants bounding the acceptance window at `now`: sent at or after `from`, before `to`. */
export function acceptanceWindow(now: Date): { from: Date; to: Date } {
  return {
    from: new Date(now.getTime() - ACCEPTANCE_WINDOW_DAYS.to * DAY_MS),
    to: new Date(now.getTime() - ACCEPTANCE_WINDOW_DAYS.from * DAY_MS),
  };
}

export interface AcceptanceSample {
  /** Invitations the account sent between 3 and 21 days ago. */
  sentBetween3And21DaysAgo: number;
  /** How many of those were accepted (whenever the acceptance came). */
  acceptedOfThose: number;
}

export interface AcceptanceThresholds {
  /** Fewer invitations than this in the window say nothing yet. */
  minSample: number;
  /** Under this acceptance rate the daily invitation limit is halved. */
  halveBelow: number;
  /** Under this acceptance rate invitations stop. */
  stopBelow: number;
}

/**
 * LinkedIn restricts accounts whose invitations are "ignored, left pending, or marked as spam"
 * ([invitation limits]) without giving a figure; the network simulator restricts under 5 % once 200
 * were sent in 30 days. The guard acts well before that: it halves the invitations under 20 %
 * accepted and stops them under 10 %, once 30 invitations give a rate worth reading. These numbers
 * are our choice (a usual acceptance rate of targeted outreach is 30 % and more).
 */
export const ACCEPTANCE_THRESHOLDS: Readonly<AcceptanceThresholds> = Object.freeze({
  minSample: 30,
  halveBelow: 0.2,
  stopBelow: 0.1,
});

export type AcceptanceGuardState = 'ok' | 'halved' | 'stopped' | 'not_enough_data';

export interface AcceptanceGuard {
  state: AcceptanceGuardState;
  /** Accepted share of the invitations in the window; null when none were sent. */
  rate: number | null;
}

/** The acceptance guard's verdict on an account's recent invitations. */
export function acceptanceGuard(
  sample: AcceptanceSample,
  thresholds: AcceptanceThresholds = ACCEPTANCE_THRESHOLDS,
): AcceptanceGuard {
  const sent = Math.max(0, sample.sentBetween3And21DaysAgo);
  const accepted = Math.min(sent, Math.max(0, sample.acceptedOfThose));
  const rate = sent === 0 ? null : accepted / sent;
  if (rate === null || sent < thresholds.minSample) return { state: 'not_enough_data', rate };
  if (rate < thresholds.stopBelow) return { state: 'stopped', rate };
  if (rate < thresholds.halveBelow) return { state: 'halved', rate };
  return { state: 'ok', rate };
}

/**
 * The daily invitation limit under the guard: halved (rounded down: the guard errs on the safe
 * side) or 0 when stopped; unchanged otherwise.
 */
export function guardedInvitationsPerDay(limit: number, guard: Pick<AcceptanceGuard, 'state'>): number {
  if (guard.state === 'stopped') return 0;
  if (guard.state === 'halved') return Math.floor(limit / 2);
  return limit;
}

/** Days after a withdrawal before the same person may be invited again ([invitation limits], Unipile's `cannot_resend_yet`). */
export const REINVITE_AFTER_WITHDRAWAL_DAYS = 21;

/** When a person whose invitation was withdrawn at `withdrawnAt` may be invited again. */
export function reinviteAllowedAt(withdrawnAt: Date): Date {
  return new Date(withdrawnAt.getTime() + REINVITE_AFTER_WITHDRAWAL_DAYS * DAY_MS);
}

/** Whether a person may be invited again at `now` (always, when no invitation of theirs was withdrawn). */
export function mayInviteAgain(withdrawnAt: Date | null, now: Date): boolean {
  if (withdrawnAt === null) return true;
  return now.getTime() >= reinviteAllowedAt(withdrawnAt).getTime();
}

/** A workspace's invitation hygiene, as the runner applies it (defaults filled in). */
export interface InvitationSettings {
  withdrawAfterDays: number;
  outstandingCeiling: number;
  acceptanceGuard: AcceptanceThresholds;
}

/** What a workspace stored: only the values it set (the others follow the defaults). */
export interface StoredInvitationSettings {
  withdrawAfterDays?: number | undefined;
  outstandingCeiling?: number | undefined;
  minSample?: number | undefined;
  halveBelow?: number | undefined;
  stopBelow?: number | undefined;
}

export const INVITATION_SETTINGS_DEFAULTS: Readonly<InvitationSettings> = Object.freeze({
  withdrawAfterDays: WITHDRAW_AFTER_DAYS.default,
  outstandingCeiling: OUTSTANDING_CEILING.default,
  acceptanceGuard: ACCEPTANCE_THRESHOLDS,
});

/**
 * Bounds of each setting. The guard's sample may not go below 10 (a rate read on fewer says
 * nothing) nor above 1,000 (more than three weeks of any tier's invitations: the guard would never
 * judge); its thresholds are shares below one, `stopBelow` at most `halveBelow`.
 */
export const INVITATION_SETTINGS_BOUNDS = Object.freeze({
  withdrawAfterDays: { min: WITHDRAW_AFTER_DAYS.min, max: WITHDRAW_AFTER_DAYS.max },
  outstandingCeiling: { min: 0, max: OUTSTANDING_CEILING.max },
  minSample: { min: 10, max: 1000 },
  halveBelow: { min: 0, max: 0.9 },
  stopBelow: { min: 0, max: 0.9 },
});

/** The settings the runner applies: the stored ones, the defaults for the rest. */
export function invitationSettingsOf(
  stored: StoredInvitationSettings | null | undefined,
): InvitationSettings {
  const s = stored ?? {};
  const d = INVITATION_SETTINGS_DEFAULTS;
  return {
    withdrawAfterDays: s.withdrawAfterDays ?? d.withdrawAfterDays,
    outstandingCeiling: Math.min(s.outstandingCeiling ?? d.outstandingCeiling, OUTSTANDING_CEILING.max),
    acceptanceGuard: {
      minSample: s.minSample ?? d.acceptanceGuard.minSample,
      halveBelow: s.halveBelow ?? d.acceptanceGuard.halveBelow,
      stopBelow: s.stopBelow ?? d.acceptanceGuard.stopBelow,
    },
  };
}

export type InvitationSettingsPatch = {
  [K in keyof Required<StoredInvitationSettings>]?: number | null;
};

/**
 * A change to a workspace's invitation settings (null: back to the default), each value checked
 * against its bounds; the whole change is refused with the first reason, and nothing changes.
 */
export function applyInvitationSettings(
  current: StoredInvitationSettings,
  patch: InvitationSettingsPatch,
): StoredInvitationSettings {
  const next = new Map<string, number>();
  for (const [key, value] of Object.entries(current)) if (typeof value === 'number') next.set(key, value);
  for (const [key, value] of Object.entries(patch) as Array<
    [keyof StoredInvitationSettings, number | null | undefined]
  >) {
    const bounds = INVITATION_SETTINGS_BOUNDS[key];
    if (bounds === undefined) {
      throw new DomainError('invalid_input', `${key} is not an invitation setting`, { field: key });
    }
    if (value === undefined) continue;
    if (value === null) {
      next.delete(key);
      continue;
    }
    const whole = key === 'withdrawAfterDays' || key === 'outstandingCeiling' || key === 'minSample';
    if (
      !Number.isFinite(value) ||
      (whole && !Number.isInteger(value)) ||
      value < bounds.min ||
      value > bounds.max
    ) {
      throw new DomainError(
        'invalid_input',
        `${key} must be ${whole ? 'a whole number ' : ''}between ${bounds.min} and ${bounds.max}`,
        { field: key, min: bounds.min, max: bounds.max },
      );
    }
    next.set(key, value);
  }
  const stored = Object.fromEntries(next) as StoredInvitationSettings;
  const resolved = invitationSettingsOf(stored);
  if (resolved.acceptanceGuard.stopBelow > resolved.acceptanceGuard.halveBelow) {
    throw new DomainError(
      'invalid_input',
      `stopBelow (${resolved.acceptanceGuard.stopBelow}) may not be above halveBelow (${resolved.acceptanceGuard.halveBelow})`,
      { field: 'stopBelow' },
    );
  }
  return stored;
}
