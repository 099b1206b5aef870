/**
 * Typed failures of the professional network. Callers decide what to do from the class (or the
 * `code`) and the `retryable` flag alone, never from an HTTP status or a provider's message text.
 */
export type NetworkErrorCode =
  | 'rate_limited'
  | 'provider_limit'
  | 'account_restricted'
  | 'configuration'
  | 'inmail_credits'
  | 'budget_exhausted'
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
  readonly code: 'rate_limited' | 'provider_limit' = 'rate_limited';
  readonly retryable = true;
  /**
   * Measured on the shared clock (sandbox time when a scaled clock is in use); null when the
   * provider gave no time: the account waits until the next window of the limit (the domain knows
   * the windows, the provider's answer does not say).
   */
  readonly retryAfterMs: number | null;

  constructor(
    retryAfterMs: number | null,
    message = `rate limited, retry after ${retryAfterMs ?? 'the next window'} ms`,
  ) {
    super(message);
    this.retryAfterMs = retryAfterMs;
  }
}

/** What a provider limit applies to: one kind of action, or every call of the account. */
export type ProviderLimitScope = 'invitations' | 'messages' | 'inmail' | 'profile_reads' | 'any';

/**
 * The provider answered with a limit (429 `too_many_requests`, 422 `cannot_resend_yet` "temporary
 * provider limit", 422 `limit_exceeded`). Nothing was done: the account cools down for `scope`
 * (null `retryAfterMs`: until the next window), and the lead waits; it is never a verdict on the lead.
 */
export class ProviderLimitError extends RateLimitedError {
  override readonly code = 'provider_limit';
  readonly scope: ProviderLimitScope;
  /** The provider's own type without the `errors/` prefix, for logs. */
  readonly providerType: string;

  constructor(scope: ProviderLimitScope, providerType: string, retryAfterMs: number | null = null) {
    super(
      retryAfterMs,
      `provider limit (${providerType}) on ${scope}, retry after ${retryAfterMs ?? 'the next window'}`,
    );
    this.scope = scope;
    this.providerType = providerType;
  }
}

/**
 * The provider restricted the account (403 `account_restricted`, `action_required`,
 * `unknown_authentication_context`, 401 `multiple_sessions`, `disconnected_feature`). The account
 * must stop acting at once, its owner be told, and its leads wait for a reconnection or another
 * sender: no lead is at fault.
 */
export class AccountRestrictedError extends NetworkError {
  readonly code = 'account_restricted';
  readonly retryable = false;
  /** The provider's type without the `errors/` prefix, e.g. `account_restricted`. */
  readonly reason: string;
  readonly detail: string;

  constructor(reason: string, detail: string) {
    super(`account restricted by the provider (${reason}): ${detail}`);
    this.reason = reason;
    this.detail = detail;
  }
}

/**
 * Our own access to the provider is wrong (API key or DSN refused: 401 `missing_credentials`).
 * No account is at fault and none may be marked: provider work stops until the configuration is fixed.
 */
export class ProviderConfigurationError extends NetworkError {
  readonly code = 'configuration';
  readonly retryable = false;
  readonly providerType: string;

  constructor(providerType: string, detail: string) {
    super(`the provider refused our credentials (${providerType}): ${detail}`);
    this.providerType = providerType;
  }
}

/**
 * The account has no InMail credit left (`insufficient_credits`). No InMail until the credits
 * renew; the lead waits or goes by connection. Never a per-lead permanent error.
 */
export class InsufficientInmailCreditsError extends NetworkError {
  readonly code = 'inmail_credits';
  readonly retryable = false;
  readonly accountId: string;

  constructor(accountId: string) {
    super(`account ${accountId} has no InMail credit left`);
    this.accountId = accountId;
  }
}

/** What a provider call costs against an account's budget. */
export type ProviderCallKind = 'write' | 'profile_read' | 'list_read' | 'account_read';

/**
 * The call meter refused a call: the account's budget of `kind` is spent until `freesAt`.
 * Thrown before any HTTP call, so nothing was done; the adapter passes it through untouched.
 */
export class CallBudgetExhaustedError extends NetworkError {
  readonly code = 'budget_exhausted';
  readonly retryable = true;
  readonly kind: ProviderCallKind;
  readonly freesAt: Date;

  constructor(kind: ProviderCallKind, freesAt: Date) {
    super(`call budget for ${kind} exhausted until ${freesAt.toISOString()}`);
    this.kind = kind;
    this.freesAt = freesAt;
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
  /**
   * True for a 500 on a sensitive call (invitation, message, profile read): Unipile answers calls
   * over LinkedIn's limits with a 500 as well as a 429, so besides reconciling before any retry the
   * account cools down.
   */
  readonly accountCooldown: boolean;

  constructor(message: string, options?: ErrorOptions & { accountCooldown?: boolean }) {
    super(message, options);
    this.accountCooldown = options?.accountCooldown ?? false;
  }
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
