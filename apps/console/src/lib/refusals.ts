import { isOutreachApiError } from '@outreach/client';

/** A refused sign-in as better-auth's client reports it. */
export interface SignInFailure {
  status: number;
  message: string;
  retryAfterSeconds: number | null;
}

/** Words for a refused sign-in: a wrong pair says nothing of which half was wrong (as the API). */
export function signInRefusal(result: SignInFailure): string {
  if (result.status === 401) return 'The e-mail or the password is wrong.';
  if (result.status === 429)
    return result.retryAfterSeconds === null
      ? `Too many failed sign-ins: ${result.message}`
      : `Too many failed sign-ins: try again in ${result.retryAfterSeconds} s.`;
  if (result.status === 0) return `${result.message} Check that it is running, then retry.`;
  return result.message;
}

/** Words for the API's refusals of an invitation link; null when the generic error says it best. */
export function invitationRefusal(error: unknown): string | null {
  if (!isOutreachApiError(error)) return null;
  if (error.status === 404)
    return 'This invitation link no longer works: it was used, revoked, or it expired. Ask whoever invited you for a new one.';
  if (error.code === 'sign_in_as_invitee')
    return 'You are signed in as someone else: sign out, then open the link again to accept it as the invited e-mail.';
  if (error.code === 'sign_in_required')
    return 'This e-mail already has an account: sign in first, then accept.';
  return null;
}
