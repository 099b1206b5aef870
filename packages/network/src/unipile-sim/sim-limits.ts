import type { SimAccount } from './sim-model.js';
import { SimProblem } from './sim-problem.js';
import {
  type InmailApi,
  MONTH_MS,
  TIER_RULES,
  type TierRules,
  WEEK_MS,
  sameDay,
  within,
} from './sim-rules.js';
import type { UnipileSimState } from './sim-state.js';

/**
 * The documented limits of a LinkedIn account, checked before the simulator acts. Each refusal
 * is the answer a real account gets, with the page it follows (`DOCS` in sim-rules.ts); nothing
 * is done when it refuses.
 */

export function rulesOf(state: UnipileSimState, account: SimAccount): TierRules {
  const rules = TIER_RULES[account.tier];
  const { weeklyInvitationLimit: weekly, searchResultsPerDay } = state.settings;
  return {
    ...rules,
    ...(weekly === undefined ? {} : { invitationsPerWeek: weekly }),
    ...(searchResultsPerDay === undefined ? {} : { searchResultsPerDay }),
  };
}

/** The InMail credits a month grants the account (`inmailCredits` setting, else its tier's). */
export function monthlyInmailCredits(state: UnipileSimState, account: SimAccount): number {
  const rules = TIER_RULES[account.tier];
  if (rules.inmailApi === null) return 0;
  return state.settings.inmailCredits ?? rules.inmailCreditsPerMonth;
}

/** Characters as LinkedIn counts them (code points, not UTF-16 units). */
const lengthOf = (text: string) => [...text].length;

/** `POST /users/invite`: the note, then the free tier's notes quota, the day and the week. */
export function checkInvitation(state: UnipileSimState, account: SimAccount, note: string | undefined): void {
  const rules = rulesOf(state, account);
  // https://developer.unipile.com/docs/provider-limits-and-restrictions: notes of 300 characters,
  // 200 on a free account. The invite route refuses a longer one as too many characters (400).
  if (note !== undefined && lengthOf(note) > rules.noteMaxChars) {
    throw new SimProblem(
      400,
      'too_many_characters',
      `the note must be at most ${rules.noteMaxChars} characters for this account`,
    );
  }
  if (!state.settings.strict) return;
  const nowMs = state.now();
  if (note !== undefined && rules.notedInvitationsPerMonth !== null) {
    const noted = within(account.notedInvitationTimes, nowMs, MONTH_MS);
    // A free account may add a note to only a few invitations a month
    // (https://developer.unipile.com/docs/provider-limits-and-restrictions); LinkedIn answers it
    // like its weekly cap, a temporary provider limit
    // (https://developer.unipile.com/v2.0/reference/error-responses).
    if (noted.length >= rules.notedInvitationsPerMonth) {
      throw new SimProblem(
        422,
        'cannot_resend_yet',
        'temporary provider limit: no more invitations with a note this month on a free account',
      );
    }
  }
  const week = within(account.invitationTimes, nowMs, state.settings.invitationWindowMs);
  // https://developer.unipile.com/docs/provider-limits-and-restrictions: about 200 invitations a
  // week (15 on a free account). Real accounts see the weekly cap as 422 errors/cannot_resend_yet,
  // a "temporary provider limit" (https://developer.unipile.com/v2.0/reference/error-responses).
  if (week.length >= rules.invitationsPerWeek) {
    throw new SimProblem(
      422,
      'cannot_resend_yet',
      'temporary provider limit: the weekly invitation limit of this account is reached',
    );
  }
  // https://developer.unipile.com/docs/provider-limits-and-restrictions: 80 to 100 invitations a
  // day; "exceeding LinkedIn's limits will result in an HTTP 429 or 500 error".
  if (
    rules.invitationsPerDay !== null &&
    sameDay(account.invitationTimes, nowMs) >= rules.invitationsPerDay
  ) {
    throw tooManyRequests('the daily invitation limit of this account is reached');
  }
}

export function recordInvitation(
  state: UnipileSimState,
  account: SimAccount,
  note: string | undefined,
): void {
  const nowMs = state.now();
  account.invitationTimes.push(nowMs);
  if (note !== undefined) account.notedInvitationTimes.push(nowMs);
}

/** A message (in a chat or starting one, InMail included) against the daily limit. */
export function checkMessage(state: UnipileSimState, account: SimAccount): void {
  if (!state.settings.strict) return;
  const nowMs = state.now();
  within(account.messageTimes, nowMs, WEEK_MS);
  // https://developer.unipile.com/docs/provider-limits-and-restrictions: past LinkedIn's limits,
  // "an HTTP 429 or 500 error".
  if (sameDay(account.messageTimes, nowMs) >= rulesOf(state, account).messagesPerDay)
    throw tooManyRequests('the daily message limit of this account is reached');
}

export function recordMessage(state: UnipileSimState, account: SimAccount): void {
  account.messageTimes.push(state.now());
}

/**
 * One profile retrieval (any route that reads a profile). Past the day's allowance LinkedIn
 * restricts the account: 403 errors/account_restricted from then on and a CREDENTIALS status
 * webhook (https://developer.unipile.com/docs/provider-limits-and-restrictions: "exceeding these
 * values can disconnect your account").
 */
export function takeProfileRead(state: UnipileSimState, account: SimAccount): void {
  if (!state.settings.strict) return;
  const nowMs = state.now();
  within(account.profileReadTimes, nowMs, WEEK_MS);
  account.profileReadTimes.push(nowMs);
  const allowed = rulesOf(state, account).profileReadsPerDay;
  if (sameDay(account.profileReadTimes, nowMs) <= allowed) return;
  const detail = `LinkedIn restricted the account after more than ${allowed} profile retrievals in a day`;
  state.restrict(account, { status: 403, reason: 'account_restricted', detail });
  throw new SimProblem(403, 'account_restricted', detail);
}

/**
 * Sensitive calls (invitations, messages) fired without spacing: Unipile's per-sensitive-method
 * rate limit answers 429 errors/too_many_requests
 * (https://developer.unipile.com/v2.0/docs/rate-limits), and LinkedIn a 500 now and then
 * (https://developer.unipile.com/docs/provider-limits-and-restrictions: "429 or 500"). Refused
 * calls count too, so hammering stays refused.
 */
export function checkBurst(state: UnipileSimState, account: SimAccount): void {
  if (!state.settings.strict) return;
  const { burstMaxCalls, burstWindowMs, burstServerErrorShare } = state.settings;
  const nowMs = state.now();
  const recent = within(account.sensitiveCallTimes, nowMs, burstWindowMs);
  recent.push(nowMs);
  if (recent.length <= burstMaxCalls) return;
  const draw = state.oracle.draw('burst', account.id, nowMs, recent.length);
  if (draw < burstServerErrorShare)
    throw new SimProblem(500, 'unexpected_error', 'the provider failed on a burst of sensitive calls');
  throw tooManyRequests('too many sensitive calls in a short time: space them out');
}

/**
 * An InMail: only through the `linkedin[api]` of the account's subscription, and only while it
 * has credits this month (https://developer.unipile.com/v2.0/reference/getinmailcredits;
 * https://developer.unipile.com/v2.0/reference/error-responses: insufficient_credits).
 */
export function takeInmailCredit(state: UnipileSimState, account: SimAccount, api: InmailApi): void {
  const allowed = rulesOf(state, account).inmailApi;
  if (allowed === null)
    throw new SimProblem(422, 'not_allowed_inmail', `account ${account.id} cannot send InMail`);
  if (api !== allowed) {
    throw new SimProblem(
      403,
      'feature_not_subscribed',
      `account ${account.id} has no ${api} subscription; its InMail goes through ${allowed}`,
    );
  }
  if (state.inmailBalance(account) <= 0) {
    throw new SimProblem(
      422,
      'insufficient_credits',
      `account ${account.id} has no InMail credit left this month`,
    );
  }
  account.inmailCredits -= 1;
}

function tooManyRequests(detail: string): SimProblem {
  return new SimProblem(429, 'too_many_requests', detail);
}

/** An account's invitations as LinkedIn weighs them: its pending pile and its recent acceptance. */
export interface InvitationStanding {
  /** Sent, neither accepted nor withdrawn, whenever sent. */
  pending: number;
  /** Sent in the acceptance window (`acceptanceWindowMs`, 30 simulated days), withdrawn ones included. */
  sentInWindow: number;
  /** Of those, accepted by now. */
  acceptedInWindow: number;
  /** Of those, withdrawn by the account (withdrawing does not undo a send). */
  withdrawnInWindow: number;
  /** `acceptedInWindow / sentInWindow`; null before any invitation in the window. */
  acceptanceRate: number | null;
}

export function invitationStanding(state: UnipileSimState, accountId: string): InvitationStanding {
  const since = state.now() - state.settings.acceptanceWindowMs;
  let pending = 0;
  for (const pair of state.pairs.values())
    if (pair.accountId === accountId && pair.pendingInvitation !== null) pending += 1;
  let sentInWindow = 0;
  let acceptedInWindow = 0;
  let withdrawnInWindow = 0;
  for (const invitation of state.invitations.values()) {
    if (invitation.accountId !== accountId || invitation.sentAtMs <= since) continue;
    sentInWindow += 1;
    if (invitation.acceptedAtMs !== null) acceptedInWindow += 1;
    if (invitation.withdrawnAtMs !== null) withdrawnInWindow += 1;
  }
  return {
    pending,
    sentInWindow,
    acceptedInWindow,
    withdrawnInWindow,
    acceptanceRate: sentInWindow === 0 ? null : acceptedInWindow / sentInWindow,
  };
}

/**
 * The account's standing before one more invitation goes out (strict only). LinkedIn restricts
 * an account "for having too many outstanding invitations" and when "many of your invitations
 * have been ignored, left pending, or marked as spam"
 * (https://www.linkedin.com/help/linkedin/answer/a551012). The simulator answers both in its
 * restriction form, as for too many profile retrievals: 403 errors/account_restricted from then on
 * and a CREDENTIALS status webhook, until a reconnection (LinkedIn says to wait up to a month; the
 * simulator does not lift it by itself). The invitation that meets the restriction is not sent.
 */
export function checkInvitationStanding(state: UnipileSimState, account: SimAccount): void {
  if (!state.settings.strict) return;
  const { maxPendingInvitations, minAcceptanceRate, acceptanceMinInvitations, acceptanceWindowMs } =
    state.settings;
  const standing = invitationStanding(state, account.id);
  let detail: string | null = null;
  if (standing.pending >= maxPendingInvitations) {
    detail =
      `LinkedIn restricted the account for having too many outstanding invitations ` +
      `(${standing.pending} pending, at most ${maxPendingInvitations})`;
  } else if (
    standing.sentInWindow >= acceptanceMinInvitations &&
    standing.acceptanceRate !== null &&
    standing.acceptanceRate < minAcceptanceRate
  ) {
    detail =
      `LinkedIn restricted the account: too many of its invitations are ignored or left pending ` +
      `(${standing.acceptedInWindow} of ${standing.sentInWindow} accepted in ${Math.round(acceptanceWindowMs / 86_400_000)} days, under ` +
      `${Math.round(minAcceptanceRate * 1000) / 10}%)`;
  }
  if (detail === null) return;
  state.restrict(account, { status: 403, reason: 'account_restricted', detail });
  throw new SimProblem(403, 'account_restricted', detail);
}
