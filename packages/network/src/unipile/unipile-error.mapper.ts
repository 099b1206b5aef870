import { UnipileError, UnsuccessfulRequestError } from 'unipile-node-sdk';
import {
  AlreadyConnectedError,
  AlreadyInvitedError,
  CannotInviteYetError,
  InmailNotAllowedError,
  InvitationLimitReachedError,
  NetworkError,
  NotConnectedError,
  PermanentNetworkError,
  ProfileNotFoundError,
  RateLimitedError,
  SessionExpiredError,
  TransientNetworkError,
} from '../network.errors.js';

/** Without a hint in the body: a short pause after a 429, a day after the invitation quota. */
export const DEFAULT_RATE_LIMIT_COOLDOWN_MS = 60_000;
export const DEFAULT_INVITATION_LIMIT_COOLDOWN_MS = 24 * 3_600_000;

/** Unipile's error body (RFC 7807): `type` is `errors/<reason>`. */
interface UnipileProblem {
  status?: number;
  type?: string;
  title?: string;
  detail?: string;
  /** Seconds; sent by some deployments and by the simulator. */
  retry_after?: number;
}

export interface ErrorContext {
  accountId: string;
  publicIdentifier?: string | undefined;
}

const SESSION_LOST = new Set([
  'disconnected_account',
  'invalid_credentials',
  'expired_credentials',
  'missing_credentials',
  'invalid_authorization',
]);
const INMAIL_REFUSED = new Set(['not_allowed_inmail', 'insufficient_credits', 'feature_not_subscribed']);
const CANNOT_INVITE_YET = new Set(['cannot_resend_yet', 'cannot_resend_within_24hrs']);
const NOT_FOUND = new Set(['resource_not_found', 'invalid_resource_identifier']);

/**
 * Turns whatever the SDK threw into the port's typed errors. The SDK throws
 * `UnsuccessfulRequestError` with the parsed body for any non-2xx answer (it does not expose the
 * headers, so a retry hint is read from the body); a `TypeError` from fetch is a network failure.
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
  const hintMs = typeof problem.retry_after === 'number' ? problem.retry_after * 1000 : undefined;
  const detail = problem.detail ?? problem.title ?? `provider answered ${status}`;

  if (SESSION_LOST.has(reason)) return new SessionExpiredError(detail);
  if (status === 429 || reason === 'too_many_requests') {
    return new RateLimitedError(hintMs ?? DEFAULT_RATE_LIMIT_COOLDOWN_MS);
  }
  if (reason === 'limit_exceeded') {
    return new InvitationLimitReachedError(hintMs ?? DEFAULT_INVITATION_LIMIT_COOLDOWN_MS);
  }
  if (reason === 'already_invited_recently') return new AlreadyInvitedError(lead);
  if (reason === 'already_connected') return new AlreadyConnectedError(lead);
  if (CANNOT_INVITE_YET.has(reason)) return new CannotInviteYetError(lead);
  if (reason === 'no_connection_with_recipient') return new NotConnectedError(lead);
  if (INMAIL_REFUSED.has(reason)) return new InmailNotAllowedError(context.accountId);
  // Only a call about a lead can lose a profile; an unknown account or chat is a permanent refusal.
  if ((NOT_FOUND.has(reason) || status === 404) && context.publicIdentifier !== undefined) {
    return new ProfileNotFoundError(context.publicIdentifier);
  }
  if (status >= 500 || status === 408 || status === 0) {
    return new TransientNetworkError(`provider failed (${status} ${reason || 'no type'}): ${detail}`);
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
  if (typeof record.retry_after === 'number') problem.retry_after = record.retry_after;
  return problem;
}
