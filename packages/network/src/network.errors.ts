/**
 * Typed failures of the professional network. Callers decide what to do from the class (or the
 * `code`) and the `retryable` flag alone, never from an HTTP status or a provider's message text.
 */
export type NetworkErrorCode =
  | 'rate_limited'
  | 'session_expired'
  | 'profile_not_found'
  | 'not_connected'
  | 'inmail_not_allowed'
  | 'transient'
  | 'permanent';

export abstract class NetworkError extends Error {
  abstract readonly code: NetworkErrorCode;
  /** True when the same call may succeed later without any change on our side. */
  abstract readonly retryable: boolean;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The provider throttles the account; nothing was done. Try again after `retryAfterMs`. */
export class RateLimitedError extends NetworkError {
  readonly code = 'rate_limited';
  readonly retryable = true;
  /** Measured on the shared clock (sandbox time when a scaled clock is in use). */
  readonly retryAfterMs: number;

  constructor(retryAfterMs: number, message = `rate limited, retry after ${retryAfterMs} ms`) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

/** The sender account lost its session; every call fails until the account is reconnected. */
export class SessionExpiredError extends NetworkError {
  readonly code = 'session_expired';
  readonly retryable = false;
  readonly reason: string;

  constructor(reason: string) {
    super(`session expired: ${reason}`);
    this.reason = reason;
  }
}

export class ProfileNotFoundError extends NetworkError {
  readonly code = 'profile_not_found';
  readonly retryable = false;
  readonly publicIdentifier: string;

  constructor(publicIdentifier: string) {
    super(`profile not found: ${publicIdentifier}`);
    this.publicIdentifier = publicIdentifier;
  }
}

/** A plain message needs a connection with the lead; send an InMail or wait for acceptance. */
export class NotConnectedError extends NetworkError {
  readonly code = 'not_connected';
  readonly retryable = false;
  readonly publicIdentifier: string;

  constructor(publicIdentifier: string) {
    super(`not connected with ${publicIdentifier}`);
    this.publicIdentifier = publicIdentifier;
  }
}

/** The sender account has no InMail entitlement. */
export class InmailNotAllowedError extends NetworkError {
  readonly code = 'inmail_not_allowed';
  readonly retryable = false;
  readonly accountId: string;

  constructor(accountId: string) {
    super(`account ${accountId} cannot send InMail`);
    this.accountId = accountId;
  }
}

/**
 * The outcome is unknown or the provider failed (timeout, 5xx, connection reset). Retrying with
 * the same idempotency key is safe: if the first call did act, the provider answers with its
 * stored result instead of acting twice.
 */
export class TransientNetworkError extends NetworkError {
  readonly code = 'transient';
  readonly retryable = true;
}

/** The provider refused the call for good (invalid input, already invited, ...). */
export class PermanentNetworkError extends NetworkError {
  readonly code = 'permanent';
  readonly retryable = false;
  /** The provider's own reason, e.g. `already_connected`, `invitation_pending`, `http_400`. */
  readonly providerCode: string;

  constructor(providerCode: string, message: string) {
    super(message);
    this.providerCode = providerCode;
  }
}

export function isNetworkError(error: unknown): error is NetworkError {
  return error instanceof NetworkError;
}

/**
 * An invitation to this lead is already pending (the provider refused a second one). The verdict
 * for the lead is "invited": the step counts as done, never as a failure to retry.
 */
export class AlreadyInvitedError extends PermanentNetworkError {
  readonly publicIdentifier: string;

  constructor(publicIdentifier: string) {
    super('invitation_pending', `an invitation to ${publicIdentifier} is already pending`);
    this.publicIdentifier = publicIdentifier;
  }
}

/** The lead is already a connection: the invitation step is done without sending anything. */
export class AlreadyConnectedError extends PermanentNetworkError {
  readonly publicIdentifier: string;

  constructor(publicIdentifier: string) {
    super('already_connected', `${publicIdentifier} is already a connection`);
    this.publicIdentifier = publicIdentifier;
  }
}

/**
 * The provider will not let this account invite this lead again yet (an invitation was withdrawn
 * or refused recently). Retrying soon only burns calls: the verdict for the lead is "not invitable".
 */
export class CannotInviteYetError extends PermanentNetworkError {
  readonly publicIdentifier: string;

  constructor(publicIdentifier: string) {
    super('cannot_invite_yet', `${publicIdentifier} cannot be invited again yet`);
    this.publicIdentifier = publicIdentifier;
  }
}

/**
 * The account reached its invitation quota (LinkedIn counts invitations per week). Nothing was
 * sent; the whole account cools down for `retryAfterMs`, other actions may go on.
 */
export class InvitationLimitReachedError extends RateLimitedError {
  readonly scope = 'invitations';

  constructor(retryAfterMs: number) {
    super(retryAfterMs, `invitation limit reached, retry after ${retryAfterMs} ms`);
  }
}
