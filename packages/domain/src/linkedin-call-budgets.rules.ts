/**
 * LinkedIn's rules for one sender account: what a day of provider calls may cost, and how far apart
 * its reconciliation polls are. The sources ([limits]) are listed in `linkedin-limits.rules.ts`.
 */
import { DomainError } from './errors.js';
import type { LinkedinLimits } from './linkedin-limits.rules.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The kinds of provider call budgeted per account and day. */
export const PROVIDER_CALL_KINDS = ['write', 'profile_read', 'list_read'] as const;
export type ProviderCallKind = (typeof PROVIDER_CALL_KINDS)[number];

/**
 * Calls of each kind an account may make in a day. Writes are bounded by the action limits
 * themselves plus a margin for the chat a first message opens; profile reads by the retrieval
 * limit ([limits]: every route that retrieves a profile counts); list reads by their own budget.
 */
export function callBudgets(limits: LinkedinLimits): Record<ProviderCallKind, number> {
  return {
    write: limits.invitationsPerDay + limits.messagesPerDay + limits.inmailsPerDay,
    profile_read: limits.profileRetrievalsPerDay,
    list_read: limits.listReadsPerDay,
  };
}

/**
 * The reconciliation polls of an account per day ([limits]: space such checks out to a few a
 * day): the gap to the next one, in product time, jittered so that accounts never poll in step.
 * The jitter only brings a poll forward (by up to a quarter): the poll is what catches a reply
 * whose webhook was lost, so no gap may exceed the interval the user configured (6 h at 4 a day).
 * `unit` is a number in [0, 1) from a seeded source.
 */
export function nextPollGapMs(pollsPerDay: number, unit: number): number {
  if (!(pollsPerDay > 0)) throw new DomainError('invalid_input', 'pollsPerDay must be positive');
  const base = DAY_MS / pollsPerDay;
  return Math.round(base * (0.75 + 0.25 * unit));
}
