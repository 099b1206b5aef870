import { UnipileError, UnsuccessfulRequestError } from 'unipile-node-sdk';
import {
  AccountRestrictedError,
  AlreadyConnectedError,
  AlreadyInvitedError,
  InmailNotAllowedError,
  InsufficientInmailCreditsError,
  NetworkError,
  NotConnectedError,
  PermanentNetworkError,
  ProfileNotFoundError,
  ProviderConfigurationError,
  ProviderLimitError,
  type ProviderCallKind,
  type ProviderLimitScope,
  SessionExpiredError,
  TransientNetworkError,
} from '../network.errors.js';

/*
 * Unipile's errors, as its API reference lists them for every route (v1, `type: 'errors/<reason>'`,
 * e.g. https://developer.unipile.com/reference/chatscontroller_listallchats) and as its "error
 * responses" page describes the body (RFC 7807: object, type, status, title, detail;
 * https://developer.unipile.com/v2.0/reference/error-responses). The status decides nothing on its
 * own: the type does, the status only for a type we do not know. The README's adapter section has
 * the table, with what each answer means for the account and for the lead.
 */

/** Unipile's error body (RFC 7807): `type` is `errors/<reason>`. */
interface UnipileProblem {
  status?: number;
  type?: string;
  title?: string;
  detail?: string;
}

export interface ErrorContext {
  accountId: string;
  /** The lead the call is about; a missing resource is then the lead's profile. */
  publicIdentifier?: string | undefined;
  /** What the call costs (the call meter's kind); decides whether a 500 cools the account down. */
  kind?: ProviderCallKind | undefined;
  /** What a limit answer to this call applies to. */
  limitScope?: ProviderLimitScope | undefined;
}

/**
 * The account is restricted by LinkedIn, or needs its owner before anything else: it must stop at
 * once (issue 21, finding 4). `disconnected_feature` (401) is here rather than with the lost
 * sessions: the session lives, a LinkedIn product of the account (Sales Navigator, Recruiter) does not.
 */
const RESTRICTED = new Set([
  'account_restricted',
  'action_required',
  'unknown_authentication_context',
  'multiple_sessions',
  'disconnected_feature',
]);
/** The LinkedIn session is gone (401): the owner must reconnect the account. */
const SESSION_LOST = new Set([
  'disconnected_account',
  'invalid_credentials',
  'expired_credentials',
  'invalid_checkpoint_solution',
  'checkpoint_error',
  'wrong_account',
  'session_mismatch',
  'invalid_proxy_credentials',
]);
/**
 * Our API key (or its rights) is refused: `missing_credentials` is what Unipile answers to a
 * request without a valid `X-API-KEY`; no account is at fault (issue 21, finding 7).
 */
const CONFIGURATION = new Set([
  'missing_credentials',
  'insufficient_privileges',
  'insufficient_permissions',
  'unauthorized',
]);
/** InMail refused for the account's subscription (the account cannot; credits are another error). */
const INMAIL_REFUSED = new Set(['not_allowed_inmail', 'feature_not_subscribed', 'subscription_required']);
/**
 * Limit answers. `cannot_resend_yet` ("temporary provider limit") is how real accounts see the
 * weekly invitation cap; the same type is used for one recipient who cannot be invited again yet,
 * and the answer does not tell them apart, so the account cools down either way: a lead is never
 * closed on it (issue 21, finding 3).
 */
const LIMITS = new Set(['too_many_requests', 'cannot_resend_yet', 'limit_exceeded']);
const NOT_FOUND = new Set(['resource_not_found', 'invalid_resource_identifier']);
/** Unipile failed or lost LinkedIn on the way: the outcome is unknown. */
const SERVER_SIDE = new Set([
  'unexpected_error',
  'provider_error',
  'provider_unreachable',
  'no_client_session',
  'no_channel',
  'no_handler',
  'network_down',
  'service_unavailable',
  'request_timeout',
]);

/** Calls whose overuse LinkedIn punishes: a 500 on one of them is read as a limit as well. */
const SENSITIVE_KINDS: ReadonlySet<ProviderCallKind> = new Set(['write', 'profile_read']);

/**
 * Turns whatever the SDK threw into the port's typed errors. The SDK throws
 * `UnsuccessfulRequestError` with the parsed body for any non-2xx answer (it does not expose the
 * headers, so a 429's `retry-after` is out of reach: the account waits for the next window); a
 * `TypeError` from fetch is a network failure.
 */
export function mapUnipileError(error: unknown, context: ErrorContext): NetworkError {
  if (error instanceof NetworkError) return error;
  if (error instanceof UnsuccessfulRequestError) return mapProblem(problemOf(error.body), context);
  if (error instanceof UnipileError) {
    // An answer the SDK could not validate: the call may have acted, the outcome is unknown.
    return new TransientNetworkError(`unexpected provider answer: ${error.message}`, { cause: error });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new TransientNetworkError(`provider unreachable: ${message}`, { cause: error });
}

function mapProblem(problem: UnipileProblem, context: ErrorContext): NetworkError {
  const status = problem.status ?? 0;
  const reason = (problem.type ?? '').replace(/^errors\//, '');
  const lead = context.publicIdentifier ?? 'the lead';
  const detail = problem.detail ?? problem.title ?? `provider answered ${status}`;

  if (RESTRICTED.has(reason)) return new AccountRestrictedError(reason, detail);
  if (SESSION_LOST.has(reason)) return new SessionExpiredError(detail);
  if (CONFIGURATION.has(reason)) return new ProviderConfigurationError(reason, detail);
  if (LIMITS.has(reason) || status === 429) {
    return new ProviderLimitError(context.limitScope ?? 'any', reason || `http_${status}`);
  }
  if (reason === 'insufficient_credits') return new InsufficientInmailCreditsError(context.accountId);
  if (INMAIL_REFUSED.has(reason)) return new InmailNotAllowedError(context.accountId);
  if (reason === 'already_invited_recently') return new AlreadyInvitedError(lead);
  // Not in Unipile's list; kept so an answer of that name (older simulators) stays a "done" verdict.
  if (reason === 'already_connected') return new AlreadyConnectedError(lead);
  if (reason === 'no_connection_with_recipient') return new NotConnectedError(lead);
  // Only a call about a lead can lose a profile; an unknown account or chat is a permanent refusal.
  if ((NOT_FOUND.has(reason) || status === 404) && context.publicIdentifier !== undefined) {
    return new ProfileNotFoundError(context.publicIdentifier);
  }
  if (reason === 'feature_not_implemented') return new PermanentNetworkError(reason, detail);
  if (SERVER_SIDE.has(reason) || status >= 500 || status === 408 || status === 0) {
    const sensitive = status === 500 && context.kind !== undefined && SENSITIVE_KINDS.has(context.kind);
    return new TransientNetworkError(`provider failed (${status} ${reason || 'no type'}): ${detail}`, {
      accountCooldown: sensitive,
    });
  }
  return new PermanentNetworkError(reason || `http_${status}`, detail);
}

function problemOf(body: unknown): UnipileProblem {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const problem: UnipileProblem = {};
  if (typeof record.status === 'number') problem.status = record.status;
  if (typeof record.type === 'string') problem.type = record.type;
  if (typeof record.title === 'string') problem.title = record.title;
  if (typeof record.detail === 'string') problem.detail = record.detail;
  return problem;
}
