import { UnsuccessfulRequestError } from 'unipile-node-sdk';
import { describe, expect, it } from 'vitest';
import {
  CannotInviteYetError,
  InmailNotAllowedError,
  PermanentNetworkError,
  SessionExpiredError,
  TransientNetworkError,
} from '../network.errors.js';
import { DEFAULT_RATE_LIMIT_COOLDOWN_MS, mapUnipileError } from './unipile-error.mapper.js';

const problem = (status: number, type: string) =>
  new UnsuccessfulRequestError({ status, type: `errors/${type}`, title: 't', detail: 'd' });
const context = { accountId: 'acc', publicIdentifier: 'lead-1' };

describe('mapUnipileError', () => {
  it('reads each refusal of an invitation as its own verdict', () => {
    expect(mapUnipileError(problem(422, 'cannot_resend_yet'), context)).toBeInstanceOf(CannotInviteYetError);
    expect(mapUnipileError(problem(422, 'insufficient_credits'), context)).toBeInstanceOf(
      InmailNotAllowedError,
    );
  });

  it('reads a disconnected account as a lost session, whatever the status', () => {
    expect(mapUnipileError(problem(401, 'disconnected_account'), context)).toBeInstanceOf(
      SessionExpiredError,
    );
    expect(mapUnipileError(problem(403, 'expired_credentials'), context)).toBeInstanceOf(SessionExpiredError);
  });

  it('uses the default cooldown when a 429 carries no hint', () => {
    expect(mapUnipileError(problem(429, 'too_many_requests'), context)).toMatchObject({
      retryAfterMs: DEFAULT_RATE_LIMIT_COOLDOWN_MS,
    });
  });

  it('keeps an unknown 4xx permanent with the provider reason, and a refused connection transient', () => {
    expect(mapUnipileError(problem(422, 'blocked_recipient'), context)).toMatchObject({
      providerCode: 'blocked_recipient',
    });
    expect(mapUnipileError(problem(422, 'blocked_recipient'), context)).toBeInstanceOf(PermanentNetworkError);
    expect(mapUnipileError(new TypeError('fetch failed'), context)).toBeInstanceOf(TransientNetworkError);
  });
});
