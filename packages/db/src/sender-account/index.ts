export {
  CALL_USAGE,
  LIMIT_USAGE,
  USAGE_KINDS,
  USAGE_PERIODS,
  type UsageCounts,
  type UsageKind,
  type UsagePeriodName,
} from './account-usage.schema.js';
export { usagePeriodKeys, type AccountUsageRepository, type UsageSlot } from './account-usage.repository.js';
export type { SenderAccount } from './sender-account.entity.js';
export type { AccountRestriction, InmailBalance } from './sender-account.schema.js';
export type { LimitSettingsPatch, TierReading } from './sender-account-safety.js';
export type { PacingSlot } from './sender-account-runner-state.js';
export type {
  NewSenderAccount,
  SenderAccountPatch,
  SenderAccountRepository,
} from './sender-account.repository.js';
// The caps and their defaults are the domain's, re-exported so earlier imports keep working.
export { DEFAULT_ACCOUNT_LIMITS, type AccountLimits } from '@outreach/domain';
export type { ProviderStateChange, ProviderStateResult } from './sender-account-provider.js';
export type {
  AcceptanceGuardRecord,
  InvitationPileRecord,
  SenderAccountInvitationsRepository,
} from './sender-account-invitations.js';
