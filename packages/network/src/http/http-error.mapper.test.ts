import { describe, expect, it } from 'vitest';
import {
  InmailNotAllowedError,
  NotConnectedError,
  PermanentNetworkError,
  ProfileNotFoundError,
  RateLimitedError,
  SessionExpiredError,
  TransientNetworkError,
} from '../network.errors.js';
import { DEFAULT_RETRY_AFTER_MS, errorFromResponse, retryAfterMs } from './http-error.mapper.js';

const context = { accountId: 'acc_1', publicIdentifier: 'jane-doe' };
const map = (status: number, body: unknown = {}, headers: Record<string, string> = {}) =>
  errorFromResponse(status, new Headers(headers), body, context);

describe('errorFromResponse', () => {
  it('maps each status and provider code to its typed error', () => {
    expect(map(429)).toBeInstanceOf(RateLimitedError);
    expect(map(401)).toBeInstanceOf(SessionExpiredError);
    expect(map(403, { statusCode: 403, message: 'x', code: 'session_expired' })).toBeInstanceOf(
      SessionExpiredError,
    );
    expect(map(404)).toBeInstanceOf(ProfileNotFoundError);
    expect(map(409, { statusCode: 409, message: 'x', code: 'not_connected' })).toBeInstanceOf(
      NotConnectedError,
    );
    expect(map(403, { statusCode: 403, message: 'x', code: 'inmail_not_allowed' })).toBeInstanceOf(
      InmailNotAllowedError,
    );
    expect(map(500)).toBeInstanceOf(TransientNetworkError);
    expect(map(503, 'not json')).toBeInstanceOf(TransientNetworkError);
    expect(map(408)).toBeInstanceOf(TransientNetworkError);
    expect(map(400)).toBeInstanceOf(PermanentNetworkError);
  });

  it('treats a 404 for an unknown route as permanent, not as a missing profile', () => {
    const error = map(404, { statusCode: 404, message: 'no route', code: 'not_found' });
    expect(error).toBeInstanceOf(PermanentNetworkError);
  });

  it('keeps the provider code of a permanent refusal, or the status when there is none', () => {
    expect(map(409, { statusCode: 409, message: 'x', code: 'already_connected' })).toMatchObject({
      providerCode: 'already_connected',
    });
    expect(map(422)).toMatchObject({ providerCode: 'http_422' });
  });

  it('flags only rate limits and transient failures as retryable', () => {
    const retryable = [429, 401, 404, 500, 400].map((status) => map(status).retryable);
    expect(retryable).toEqual([true, false, false, true, false]);
  });
});

describe('retryAfterMs', () => {
  it('prefers the exact figure of the body', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '9' }), 1_234)).toBe(1_234);
  });

  it('reads Retry-After in seconds', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '120' }))).toBe(120_000);
  });

  it('reads an HTTP date against the response date', () => {
    const headers = new Headers({
      'retry-after': 'Wed, 21 Oct 2015 07:28:30 GMT',
      date: 'Wed, 21 Oct 2015 07:28:00 GMT',
    });
    expect(retryAfterMs(headers)).toBe(30_000);
  });

  it('falls back to a default when the header is missing or unreadable', () => {
    expect(retryAfterMs(new Headers())).toBe(DEFAULT_RETRY_AFTER_MS);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBe(DEFAULT_RETRY_AFTER_MS);
  });
});
