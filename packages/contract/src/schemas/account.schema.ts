/** Requests of the sender-account operations. */
import { z } from 'zod';
import { hasAnyField, idValue, publicIdentifier, timeZone, trimmedText } from './common.schema.js';
import { paginationQuery } from './pagination.schema.js';
import { ACCOUNT_LIMIT_MAXIMUMS, REQUEST_LIMITS } from './request-limits.js';

const cap = (maximum: number) => z.number().int().min(0).max(maximum).optional();

export const accountLimitsInput = z.strictObject({
  invitationsPerDay: cap(ACCOUNT_LIMIT_MAXIMUMS.invitationsPerDay),
  invitationsPerWeek: cap(ACCOUNT_LIMIT_MAXIMUMS.invitationsPerWeek),
  messagesPerDay: cap(ACCOUNT_LIMIT_MAXIMUMS.messagesPerDay),
  inmailsPerDay: cap(ACCOUNT_LIMIT_MAXIMUMS.inmailsPerDay),
  profileVisitsPerDay: cap(ACCOUNT_LIMIT_MAXIMUMS.profileVisitsPerDay),
});

const accountIdParams = z.strictObject({ accountId: idValue });

export const listAccountsQuery = paginationQuery;

export const createAccountBody = z.strictObject({
  name: trimmedText(REQUEST_LIMITS.nameMaxLength),
  publicIdentifier: publicIdentifier.optional(),
  timezone: timeZone.optional(),
  inmailAllowed: z.boolean().default(false),
  limits: accountLimitsInput.optional(),
});

export const getAccountParams = accountIdParams;
export const getAccountLimitsParams = accountIdParams;
export const reconnectAccountParams = accountIdParams;

export const updateAccountLimitsParams = accountIdParams;
export const updateAccountLimitsBody = accountLimitsInput.refine(hasAnyField, {
  message: 'must change at least one cap',
});
