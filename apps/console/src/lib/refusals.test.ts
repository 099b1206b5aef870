// De-risks the words shown when signing in or accepting an invitation is refused: each refusal
// the API names gets its own sentence, and a throttled sign-in says how long to wait.
import { ConflictError, NotFoundError, ValidationError } from '@outreach/client';
import { describe, expect, it } from 'vitest';
import { invitationRefusal, signInRefusal } from './refusals.js';

describe('signInRefusal', () => {
  it('says a pair is wrong without saying which half', () => {
    expect(
      signInRefusal({ status: 401, message: 'Invalid email or password', retryAfterSeconds: null }),
    ).toBe('The e-mail or the password is wrong.');
  });

  it('says how long to wait when throttled', () => {
    expect(signInRefusal({ status: 429, message: 'too many', retryAfterSeconds: 42 })).toBe(
      'Too many failed sign-ins: try again in 42 s.',
    );
    expect(signInRefusal({ status: 429, message: 'try again later', retryAfterSeconds: null })).toBe(
      'Too many failed sign-ins: try again later',
    );
  });
});

describe('invitationRefusal', () => {
  const body = (statusCode: number, code: string) => ({ statusCode, message: code, code });

  it('words an expired or used link, and a session of someone else', () => {
    expect(invitationRefusal(new NotFoundError(404, body(404, 'invitation_not_found'), undefined))).toMatch(
      /no longer works: it was used, revoked, or it expired/,
    );
    expect(invitationRefusal(new ConflictError(409, body(409, 'sign_in_as_invitee'), undefined))).toMatch(
      /signed in as someone else/,
    );
    expect(invitationRefusal(new ConflictError(409, body(409, 'sign_in_required'), undefined))).toMatch(
      /sign in first/,
    );
  });

  it('leaves other refusals (a weak password) to the API message', () => {
    expect(
      invitationRefusal(new ValidationError(400, body(400, 'password_too_short'), undefined)),
    ).toBeNull();
    expect(invitationRefusal(new Error('boom'))).toBeNull();
  });
});
