import type { ProviderCallKind } from '../network.errors.js';

export type { ProviderCallKind } from '../network.errors.js';

/** One HTTP call the adapter is about to make on behalf of an account. */
export interface ProviderCall {
  accountId: string;
  kind: ProviderCallKind;
  /** The adapter's name for the route, e.g. `users.sendInvitation`, for logs and per-route counts. */
  operation: string;
}

/**
 * Counts the calls of each account against its budget. The adapter calls `take` before every HTTP
 * call it makes for an account (a method that makes three calls takes three times), so the budget
 * sees reads as well as writes. It may throw `CallBudgetExhaustedError`: the call is then not made
 * and the error reaches the caller untouched.
 *
 * Kinds: invitations, messages and chats started are `write`; any route that retrieves a LinkedIn
 * profile (with or without sections, as a visit or not) is `profile_read`; lists (relations, sent
 * invitations, chats, messages, and every page of a lead source: searches, search parameters, a
 * post's comments and reactions) are `list_read`; reads of our own account at the provider (status,
 * InMail balance, reconnect link) are `account_read`.
 */
export interface ProviderCallMeter {
  take(call: ProviderCall): Promise<void>;
}
