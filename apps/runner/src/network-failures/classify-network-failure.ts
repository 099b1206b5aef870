import {
  AccountRestrictedError,
  CallBudgetExhaustedError,
  InmailNotAllowedError,
  InsufficientInmailCreditsError,
  NotConnectedError,
  PermanentNetworkError,
  ProfileNotFoundError,
  ProviderConfigurationError,
  ProviderLimitError,
  RateLimitedError,
  SessionExpiredError,
  TransientNetworkError,
} from '@outreach/network';

/** What a limit answer bounds. */
export type LimitScope = 'invitations' | 'messages' | 'inmail' | 'profile_reads' | 'any';
/**
 * Which window of the account frees it: LinkedIn's weekly invitation cap (422 `cannot_resend_yet`,
 * "temporary provider limit") frees with the week; anything else (429, a 500 on a sensitive call,
 * a daily cap) with the next day.
 */
export type LimitWindow = 'day' | 'week';

/**
 * What a failed network call means for the lead and its sender account, decided from the error's
 * class alone. Anything that is not a network error (a bug, a database failure) is not classified:
 * the caller rethrows it. No failure that comes from the account's state (a limit, a restriction,
 * a budget, a lost session) ever closes a lead: only a real outcome of that lead does.
 */
export type NetworkFailure =
  /**
   * The provider said "limit" (429, 422 temporary provider limit, a documented cap): nothing was
   * done; the account cools down until `retryAfterMs` or, when null, the next window of `scope`.
   */
  | { kind: 'rate_limited'; scope: LimitScope; window: LimitWindow; retryAfterMs: number | null }
  /** The account lost its session; nothing was done and nothing will be until it reconnects. */
  | { kind: 'session_expired'; reason: string }
  /** LinkedIn restricted the account: it stops at once, its leads wait for a reconnection. */
  | { kind: 'account_restricted'; reason: string; detail: string }
  /** Our own provider credentials are wrong: no account is at fault, the runner stops its provider work. */
  | { kind: 'configuration'; message: string }
  /** The account's provider call budget of `callKind` is used up until `freesAt`: the lead waits. */
  | { kind: 'budget_exhausted'; callKind: string; freesAt: Date }
  /** A plain message needs a connection (or the account has no InMail, or no credit left). */
  | { kind: 'not_connected' }
  /** The account's InMail credits are used up: InMail is off for it until they renew. */
  | { kind: 'inmail_credits' }
  /** The provider says the pair is already connected, or already has an invitation out. */
  | { kind: 'already_connected' }
  | { kind: 'invitation_pending' }
  /** The network refuses to invite this lead again for now (invited and withdrawn recently). */
  | { kind: 'cannot_invite_yet' }
  /**
   * Outcome unknown (timeout, 5xx, reset): reconcile with the provider before any retry. With
   * `accountCooldown` (a 500 on a sensitive call, which LinkedIn gives past its limits) the
   * account also rests until its next window.
   */
  | { kind: 'transient'; message: string; accountCooldown: boolean }
  /** Refused for good (missing profile, invalid input): the lead ends in error. */
  | { kind: 'permanent'; message: string };

export function classifyNetworkFailure(error: unknown): NetworkFailure | null {
  if (error instanceof ProviderLimitError)
    return {
      kind: 'rate_limited',
      scope: error.scope,
      window: error.providerType === 'cannot_resend_yet' ? 'week' : 'day',
      retryAfterMs: error.retryAfterMs,
    };
  if (error instanceof RateLimitedError)
    return { kind: 'rate_limited', scope: 'any', window: 'day', retryAfterMs: error.retryAfterMs };
  if (error instanceof AccountRestrictedError)
    return { kind: 'account_restricted', reason: error.reason, detail: error.detail };
  if (error instanceof ProviderConfigurationError) return { kind: 'configuration', message: error.message };
  if (error instanceof CallBudgetExhaustedError)
    return { kind: 'budget_exhausted', callKind: error.kind, freesAt: error.freesAt };
  if (error instanceof SessionExpiredError) return { kind: 'session_expired', reason: error.reason };
  if (error instanceof InsufficientInmailCreditsError) return { kind: 'inmail_credits' };
  if (error instanceof NotConnectedError || error instanceof InmailNotAllowedError)
    return { kind: 'not_connected' };
  if (error instanceof TransientNetworkError)
    return { kind: 'transient', message: error.message, accountCooldown: error.accountCooldown };
  if (error instanceof ProfileNotFoundError) return { kind: 'permanent', message: error.message };
  if (error instanceof PermanentNetworkError) {
    if (error.providerCode === 'already_connected') return { kind: 'already_connected' };
    if (error.providerCode === 'invitation_pending') return { kind: 'invitation_pending' };
    if (error.providerCode === 'cannot_invite_yet') return { kind: 'cannot_invite_yet' };
    return { kind: 'permanent', message: error.message };
  }
  return null;
}

/** Did the failure leave the action certainly undone (so a capacity unit taken for it is given back)? */
export function certainlyNotExecuted(failure: NetworkFailure): boolean {
  return failure.kind !== 'transient';
}
