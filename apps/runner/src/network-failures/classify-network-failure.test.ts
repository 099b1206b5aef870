import {
  InmailNotAllowedError,
  NotConnectedError,
  PermanentNetworkError,
  ProfileNotFoundError,
  RateLimitedError,
  SessionExpiredError,
  TransientNetworkError,
} from '@outreach/network';
import { describe, expect, it } from 'vitest';
import {
  AccountRestrictedError,
  CallBudgetExhaustedError,
  InsufficientInmailCreditsError,
  ProviderConfigurationError,
  ProviderLimitError,
} from '@outreach/network';
import { certainlyNotExecuted, classifyNetworkFailure } from './classify-network-failure.js';

describe('classifyNetworkFailure', () => {
  it('keeps the retry-after of a rate limit and the reason of a lost session', () => {
    expect(classifyNetworkFailure(new RateLimitedError(90_000))).toEqual({
      kind: 'rate_limited',
      scope: 'any',
      window: 'day',
      retryAfterMs: 90_000,
    });
    expect(classifyNetworkFailure(new SessionExpiredError('cookie expired'))).toEqual({
      kind: 'session_expired',
      reason: 'cookie expired',
    });
  });

  it('reads a missing connection and a missing InMail entitlement alike', () => {
    expect(classifyNetworkFailure(new NotConnectedError('ada'))).toEqual({ kind: 'not_connected' });
    expect(classifyNetworkFailure(new InmailNotAllowedError('acc_1'))).toEqual({ kind: 'not_connected' });
  });

  it('tells the provider refusals that describe the relationship from other permanent refusals', () => {
    expect(classifyNetworkFailure(new PermanentNetworkError('already_connected', 'x'))).toEqual({
      kind: 'already_connected',
    });
    expect(classifyNetworkFailure(new PermanentNetworkError('invitation_pending', 'x'))).toEqual({
      kind: 'invitation_pending',
    });
    expect(classifyNetworkFailure(new PermanentNetworkError('http_400', 'bad input'))).toMatchObject({
      kind: 'permanent',
    });
    expect(classifyNetworkFailure(new ProfileNotFoundError('missing-ada'))).toMatchObject({
      kind: 'permanent',
    });
  });

  it('treats a timeout as transient and leaves errors that are not the network unclassified', () => {
    expect(classifyNetworkFailure(new TransientNetworkError('timeout'))).toMatchObject({ kind: 'transient' });
    expect(classifyNetworkFailure(new Error('database down'))).toBeNull();
  });

  it("reads LinkedIn's limit, restriction and budget answers as the account's, never the lead's", () => {
    expect(classifyNetworkFailure(new ProviderLimitError('invitations', 'cannot_resend_yet'))).toEqual({
      kind: 'rate_limited',
      scope: 'invitations',
      window: 'week',
      retryAfterMs: null,
    });
    expect(
      classifyNetworkFailure(new AccountRestrictedError('account_restricted', 'restricted by LinkedIn')),
    ).toEqual({
      kind: 'account_restricted',
      reason: 'account_restricted',
      detail: 'restricted by LinkedIn',
    });
    const freesAt = new Date('2026-03-11T00:00:00Z');
    expect(classifyNetworkFailure(new CallBudgetExhaustedError('profile_read', freesAt))).toEqual({
      kind: 'budget_exhausted',
      callKind: 'profile_read',
      freesAt,
    });
    expect(
      classifyNetworkFailure(new ProviderConfigurationError('missing_credentials', 'bad key')),
    ).toMatchObject({ kind: 'configuration' });
    expect(classifyNetworkFailure(new InsufficientInmailCreditsError('acc_1'))).toEqual({
      kind: 'inmail_credits',
    });
    expect(classifyNetworkFailure(new TransientNetworkError('500', { accountCooldown: true }))).toMatchObject(
      {
        kind: 'transient',
        accountCooldown: true,
      },
    );
  });

  it('counts only a transient failure as possibly executed', () => {
    expect(certainlyNotExecuted({ kind: 'transient', message: 'timeout', accountCooldown: false })).toBe(
      false,
    );
    expect(certainlyNotExecuted({ kind: 'rate_limited', scope: 'any', window: 'day', retryAfterMs: 1 })).toBe(
      true,
    );
  });
});
