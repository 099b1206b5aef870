/**
 * Every error type Unipile lists (v1 API reference, per route) that a LinkedIn account can meet is
 * read into the error that says what to do with the account and with the lead. The table below is
 * the README's, type by type; a type missing from it, or mapped elsewhere, fails here.
 */
import { UnsuccessfulRequestError } from 'unipile-node-sdk';
import { describe, expect, it } from 'vitest';
import {
  AccountRestrictedError,
  AlreadyInvitedError,
  InmailNotAllowedError,
  InsufficientInmailCreditsError,
  NotConnectedError,
  PermanentNetworkError,
  ProfileNotFoundError,
  ProviderConfigurationError,
  ProviderLimitError,
  SessionExpiredError,
  TransientNetworkError,
} from '../network.errors.js';
import { type ErrorContext, mapUnipileError } from './unipile-error.mapper.js';

const problem = (status: number, type: string) =>
  new UnsuccessfulRequestError({
    object: 'Error',
    status,
    type: `errors/${type}`,
    title: 'title',
    detail: 'detail',
  });
const invitation: ErrorContext = {
  accountId: 'acc',
  publicIdentifier: 'lead-1',
  kind: 'write',
  limitScope: 'invitations',
};
const list: ErrorContext = { accountId: 'acc', kind: 'list_read', limitScope: 'any' };

type ErrorClass = abstract new (...args: never[]) => Error;
const TABLE: [number, string, ErrorClass][] = [
  [400, 'invalid_parameters', PermanentNetworkError],
  [400, 'malformed_request', PermanentNetworkError],
  [400, 'content_too_large', PermanentNetworkError],
  [400, 'invalid_url', PermanentNetworkError],
  [400, 'too_many_characters', PermanentNetworkError],
  [400, 'unescaped_characters', PermanentNetworkError],
  [400, 'missing_parameters', PermanentNetworkError],
  [401, 'missing_credentials', ProviderConfigurationError],
  [401, 'insufficient_privileges', ProviderConfigurationError],
  [401, 'multiple_sessions', AccountRestrictedError],
  [401, 'disconnected_feature', AccountRestrictedError],
  [401, 'disconnected_account', SessionExpiredError],
  [401, 'invalid_credentials', SessionExpiredError],
  [401, 'expired_credentials', SessionExpiredError],
  [401, 'checkpoint_error', SessionExpiredError],
  [401, 'invalid_checkpoint_solution', SessionExpiredError],
  [401, 'wrong_account', SessionExpiredError],
  [401, 'invalid_proxy_credentials', SessionExpiredError],
  [403, 'account_restricted', AccountRestrictedError],
  [403, 'action_required', AccountRestrictedError],
  [403, 'unknown_authentication_context', AccountRestrictedError],
  [403, 'session_mismatch', SessionExpiredError],
  [403, 'insufficient_permissions', ProviderConfigurationError],
  [403, 'feature_not_subscribed', InmailNotAllowedError],
  [403, 'subscription_required', InmailNotAllowedError],
  [403, 'account_mismatch', PermanentNetworkError],
  [403, 'resource_access_restricted', PermanentNetworkError],
  [404, 'resource_not_found', ProfileNotFoundError],
  [404, 'invalid_resource_identifier', ProfileNotFoundError],
  [422, 'cannot_resend_yet', ProviderLimitError],
  [422, 'limit_exceeded', ProviderLimitError],
  [422, 'already_invited_recently', AlreadyInvitedError],
  [422, 'no_connection_with_recipient', NotConnectedError],
  [422, 'not_allowed_inmail', InmailNotAllowedError],
  [422, 'insufficient_credits', InsufficientInmailCreditsError],
  [422, 'invalid_recipient', PermanentNetworkError],
  [422, 'blocked_recipient', PermanentNetworkError],
  [422, 'invalid_account', PermanentNetworkError],
  [422, 'invalid_message', PermanentNetworkError],
  [422, 'unprocessable_entity', PermanentNetworkError],
  [422, 'limit_too_high', PermanentNetworkError],
  [422, 'unauthorized', ProviderConfigurationError],
  [422, 'provider_unreachable', TransientNetworkError],
  [429, 'too_many_requests', ProviderLimitError],
  [500, 'unexpected_error', TransientNetworkError],
  [500, 'provider_error', TransientNetworkError],
  [501, 'feature_not_implemented', PermanentNetworkError],
  [503, 'no_client_session', TransientNetworkError],
  [503, 'no_channel', TransientNetworkError],
  [503, 'no_handler', TransientNetworkError],
  [503, 'network_down', TransientNetworkError],
  [503, 'service_unavailable', TransientNetworkError],
  [504, 'request_timeout', TransientNetworkError],
];

describe('mapUnipileError', () => {
  it.each(TABLE)('reads %i errors/%s as its documented meaning', (status, type, expected) => {
    expect(mapUnipileError(problem(status, type), invitation)).toBeInstanceOf(expected);
  });

  it('reads the weekly invitation cap (422 cannot_resend_yet) as a limit of the account, never a verdict on the lead', () => {
    const error = mapUnipileError(problem(422, 'cannot_resend_yet'), invitation);
    expect(error).toBeInstanceOf(ProviderLimitError);
    expect(error).not.toBeInstanceOf(PermanentNetworkError);
    expect(error).toMatchObject({ code: 'provider_limit', scope: 'invitations', retryAfterMs: null });
  });

  it('gives a 429 the scope of the call it answered, and no invented retry time', () => {
    const body = { status: 429, type: 'errors/too_many_requests', retry_after: 90 };
    const error = mapUnipileError(new UnsuccessfulRequestError(body), list);
    expect(error).toMatchObject({ scope: 'any', retryAfterMs: null });
    expect(
      mapUnipileError(problem(429, 'too_many_requests'), { ...list, limitScope: 'profile_reads' }),
    ).toMatchObject({
      scope: 'profile_reads',
    });
  });

  it('cools the account down after a 500 on an invitation, a message or a profile read, not after one on a list', () => {
    expect(mapUnipileError(problem(500, 'unexpected_error'), invitation)).toMatchObject({
      accountCooldown: true,
    });
    const read: ErrorContext = { accountId: 'acc', publicIdentifier: 'x', kind: 'profile_read' };
    expect(mapUnipileError(problem(500, 'provider_error'), read)).toMatchObject({ accountCooldown: true });
    expect(mapUnipileError(problem(500, 'unexpected_error'), list)).toMatchObject({ accountCooldown: false });
    expect(mapUnipileError(problem(503, 'service_unavailable'), invitation)).toMatchObject({
      accountCooldown: false,
    });
  });

  it('keeps the reason and detail of a restriction for the owner', () => {
    expect(mapUnipileError(problem(403, 'account_restricted'), invitation)).toMatchObject({
      code: 'account_restricted',
      reason: 'account_restricted',
      detail: 'detail',
      retryable: false,
    });
  });

  it('reads a missing resource as a missing profile only on a call about a lead', () => {
    expect(mapUnipileError(problem(404, 'resource_not_found'), list)).toBeInstanceOf(PermanentNetworkError);
  });

  it('reads a refused connection and an answer of no known shape as an unknown outcome', () => {
    expect(mapUnipileError(new TypeError('fetch failed'), invitation)).toBeInstanceOf(TransientNetworkError);
    expect(mapUnipileError(new UnsuccessfulRequestError('<html>'), invitation)).toBeInstanceOf(
      TransientNetworkError,
    );
  });
});
