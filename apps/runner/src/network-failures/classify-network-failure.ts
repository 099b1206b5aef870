import {
  InmailNotAllowedError,
  NotConnectedError,
  PermanentNetworkError,
  ProfileNotFoundError,
  RateLimitedError,
  SessionExpiredError,
  TransientNetworkError,
} from '@outreach/network';

/**
 * What a failed network call means for the lead, decided from the error's class alone. Anything
 * that is not a network error (a bug, a database failure) is not classified: the caller rethrows it.
 */
export type NetworkFailure =
  /** The account is throttled; nothing was done. It cools down for `retryAfterMs`. */
  | { kind: 'rate_limited'; retryAfterMs: number }
  /** The account lost its session; nothing was done and nothing will be until it reconnects. */
  | { kind: 'session_expired'; reason: string }
  /** A plain message needs a connection (or the account has no InMail after all). */
  | { kind: 'not_connected' }
  /** The provider says the pair is already connected, or already has an invitation out. */
  | { kind: 'already_connected' }
  | { kind: 'invitation_pending' }
  /** The network refuses to invite this lead again for now (invited and withdrawn recently). */
  | { kind: 'cannot_invite_yet' }
  /** Outcome unknown (timeout, 5xx, reset): reconcile with the provider before any retry. */
  | { kind: 'transient'; message: string }
  /** Refused for good (missing profile, invalid input): the lead ends in error. */
  | { kind: 'permanent'; message: string };

/**
 * A provider limit without a time (Unipile's answers carry none the SDK can read) lasts until the
 * next window; a day covers the daily windows, until the domain's limits name the exact one.
 */
const UNTIL_NEXT_WINDOW_MS = 24 * 60 * 60_000;

export function classifyNetworkFailure(error: unknown): NetworkFailure | null {
  if (error instanceof RateLimitedError)
    return { kind: 'rate_limited', retryAfterMs: error.retryAfterMs ?? UNTIL_NEXT_WINDOW_MS };
  if (error instanceof SessionExpiredError) return { kind: 'session_expired', reason: error.reason };
  if (error instanceof NotConnectedError || error instanceof InmailNotAllowedError)
    return { kind: 'not_connected' };
  if (error instanceof TransientNetworkError) return { kind: 'transient', message: error.message };
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
