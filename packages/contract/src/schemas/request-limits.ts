import { LIMITS } from '@outreach/domain';

/**
 * Size limits of request fields. The product limits (template length, items per request, page size)
 * come from `@outreach/domain`; the others are this interface's own. `openapi.yaml` states the same
 * numbers, and a test checks that the two agree.
 */
export const REQUEST_LIMITS = {
  templateMaxLength: LIMITS.variantBodyMaxLength,
  maxItemsPerRequest: LIMITS.maxItemsPerRequest,
  defaultPageSize: LIMITS.defaultPageSize,
  maxPageSize: LIMITS.maxPageSize,
  idMaxLength: 100,
  conversationUrnMaxLength: 200,
  nameMaxLength: 200,
  searchMaxLength: 200,
  publicIdentifierMaxLength: 200,
  blockReasonMaxLength: 500,
  urlMaxLength: 2048,
  timeZoneMaxLength: 64,
  customVariablesMaxCount: 100,
  customVariableValueMaxLength: 2000,
  maxStepDelayDays: 365,
  maxInvitationTimeoutDays: 90,
} as const;
