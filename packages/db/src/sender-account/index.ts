export { USAGE_KINDS, type UsageCounts, type UsageKind } from './account-usage.schema.js';
export type { AccountUsageRepository, UsageSlot } from './account-usage.repository.js';
export type { SenderAccount } from './sender-account.entity.js';
export type { PacingSlot } from './sender-account-runner-state.js';
export type {
  NewSenderAccount,
  SenderAccountPatch,
  SenderAccountRepository,
} from './sender-account.repository.js';
// The caps and their defaults are the domain's, re-exported so earlier imports keep working.
export { DEFAULT_ACCOUNT_LIMITS, type AccountLimits } from '@outreach/domain';
export type { ProviderStateChange, ProviderStateResult } from './sender-account-provider.js';
