/** Requests of the sender-account operations. */
import { z } from 'zod';
import { hasAnyField, idValue, publicIdentifier, timeZone, trimmedText } from './common.schema.js';
import { paginationQuery } from './pagination.schema.js';
import { REQUEST_LIMITS } from './request-limits.js';

/*
 * A limit is a whole number, 0 or more. How high it may go depends on the account's tier, which
 * only the domain's `applyLimitSettings` knows (it refuses a value above the tier's ceiling with
 * the ceiling and the tier named), so no fixed maximum is repeated here.
 */
const limit = () => z.number().int().min(0).optional();
const limitOrClear = () => z.number().int().min(0).nullable().optional();

export const accountLimitsInput = z.strictObject({
  invitationsPerDay: limit(),
  invitationsPerWeek: limit(),
  notedInvitationsPerMonth: limit(),
  messagesPerDay: limit(),
  inmailsPerDay: limit(),
  inmailsPerMonth: limit(),
  profileVisitsPerDay: limit(),
  profileRetrievalsPerDay: limit(),
  listReadsPerDay: limit(),
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

const redirects = {
  successRedirectUrl: z.url().optional(),
  failureRedirectUrl: z.url().optional(),
};

/** A new account to connect through the provider's sign-in page, or an existing one to connect again. */
export const connectAccountBody = z.union([
  z.strictObject({
    name: trimmedText(REQUEST_LIMITS.nameMaxLength),
    publicIdentifier: publicIdentifier.optional(),
    timezone: timeZone.optional(),
    limits: accountLimitsInput.optional(),
    ...redirects,
  }),
  z.strictObject({ accountId: idValue, ...redirects }),
]);

/** A provider's callback bodies are the provider's shapes, read by the provider's parser. */
export const providerWebhookBody = z.record(z.string(), z.unknown());
export const completeAccountLinkQuery = z.strictObject({ state: z.string().min(1) });

export const getAccountParams = accountIdParams;
export const getAccountLimitsParams = accountIdParams;
export const reconnectAccountParams = accountIdParams;

export const resumeAcceptanceGuardParams = accountIdParams;

const settingOrClear = (min: number, max: number, whole: boolean) =>
  (whole ? z.number().int() : z.number()).min(min).max(max).nullable().optional();

/** The bounds are the domain's (`INVITATION_SETTINGS_BOUNDS`); stopBelow above halveBelow is its 400. */
export const updateInvitationSettingsBody = z
  .strictObject({
    withdrawAfterDays: settingOrClear(7, 60, true),
    outstandingCeiling: settingOrClear(0, 500, true),
    minSample: settingOrClear(10, 1000, true),
    halveBelow: settingOrClear(0, 0.9, false),
    stopBelow: settingOrClear(0, 0.9, false),
  })
  .refine(hasAnyField, { message: 'must change at least one setting' });

export const updateAccountLimitsParams = accountIdParams;
export const updateAccountLimitsBody = z
  .strictObject({
    invitationsPerDay: limitOrClear(),
    invitationsPerWeek: limitOrClear(),
    notedInvitationsPerMonth: limitOrClear(),
    messagesPerDay: limitOrClear(),
    inmailsPerDay: limitOrClear(),
    inmailsPerMonth: limitOrClear(),
    profileVisitsPerDay: limitOrClear(),
    profileRetrievalsPerDay: limitOrClear(),
    listReadsPerDay: limitOrClear(),
  })
  .refine(hasAnyField, { message: 'must change at least one limit' });
