export {
  type Clock,
  type ManualClock,
  type ScaledClockOptions,
  clockForTimeScale,
  createManualClock,
  createScaledClock,
  systemClock,
} from './clock.js';
export { idempotencyKey } from './idempotency.js';
export {
  AccountRestrictedError,
  CallBudgetExhaustedError,
  InmailNotAllowedError,
  InsufficientInmailCreditsError,
  NetworkError,
  type NetworkErrorCode,
  NotConnectedError,
  PermanentNetworkError,
  ProfileNotFoundError,
  type ProviderCallKind,
  ProviderConfigurationError,
  ProviderLimitError,
  type ProviderLimitScope,
  RateLimitedError,
  SessionExpiredError,
  TransientNetworkError,
  isNetworkError,
} from './network.errors.js';
export type { ProviderCall, ProviderCallMeter } from './provider/provider-call-meter.js';
export type * from './network.types.js';
export { FAULT_KINDS, type Fault, type FaultKind, type FaultSpec } from './simulation/fault-injector.js';
export {
  RECEIVED_ACTION_TYPES,
  type ReceivedAction,
  type ReceivedActionType,
  type ReceivedFilter,
} from './simulation/received-log.js';
export { DEFAULT_REPLY_TEXTS } from './simulation/sandbox-settings.js';
export { AlreadyConnectedError, AlreadyInvitedError } from './network.errors.js';
export type * from './provider/provider-events.js';
export type * from './provider/provider-network.port.js';
export type * from './provider/lead-sources.port.js';
export {
  type LeadSourcesNetwork,
  type NetworkSourceRequest,
  type SourceEntryPage,
  type SourcePageNetwork,
  readSourcePage,
} from './provider/read-source-page.js';
export {
  SEARCH_CAP,
  SEARCH_PAGE_MAX,
  clampSearchLimit,
  detectSearchApi,
  leadListUrl,
  postSocialId,
} from './unipile/linkedin-urls.js';
export { MAX_INVITATION_NOTE_LENGTH } from './provider/provider-network.port.js';
export { mapUnipileError } from './unipile/unipile-error.mapper.js';
export {
  DEFAULT_UNIPILE_TIMEOUT_MS,
  type UnipileNetwork,
  type UnipileNetworkOptions,
  createUnipileNetwork,
} from './unipile/unipile-network.adapter.js';
export { parseUnipileWebhook } from './unipile/unipile-webhooks.js';
export { UNIPILE_CAPACITY_DEFAULTS, type UnipileAccountTier } from './unipile/unipile-capacity.js';
export type { UnipileSimSettings, UnipileSimSettingsInput } from './unipile-sim/sim-settings.js';
export type { WebhookDelivery } from './unipile-sim/sim-webhook-pusher.js';
export type { SimCall, SimCallFilter, ProviderCallKind as SimCallKind } from './unipile-sim/sim-call-log.js';
export type { SimAccountStanding } from './unipile-sim/sim-control-views.js';
export type { InvitationStanding } from './unipile-sim/sim-limits.js';
export { SIM_TIERS, TIER_RULES, type SimTier, type TierRules } from './unipile-sim/sim-rules.js';
export type { SimLeadList, SimPost } from './unipile-sim/sim-lead-sources.js';
export {
  type RunningUnipileSimulator,
  type UnipileSimulator,
  type UnipileSimulatorOptions,
  createUnipileSimulator,
} from './unipile-sim/unipile-simulator.js';
export {
  type UnipileSimControlClient,
  createUnipileSimControlClient,
} from './unipile-sim/sim-control.client.js';
export {
  type ProviderConfig,
  providerConfigSchema,
  providerNetworkFromConfig,
} from './provider/provider-config.js';
// Simulator controls for tests and demos in-process (the same as `/_sim/accounts/:id/...`).
export { forceAcceptance, forceInboundMessage } from './unipile-sim/sim-actions.js';
export type { UnipileSimState } from './unipile-sim/sim-state.js';
