export {
  type Clock,
  type ManualClock,
  type ScaledClockOptions,
  clockForTimeScale,
  createManualClock,
  createScaledClock,
  systemClock,
} from './clock.js';
export {
  DEFAULT_TIMEOUT_MS,
  type HttpNetworkOptions,
  createHttpNetwork,
} from './http/http-network.adapter.js';
export { DEFAULT_RETRY_AFTER_MS } from './http/http-error.mapper.js';
export { idempotencyKey } from './idempotency.js';
export {
  InmailNotAllowedError,
  NetworkError,
  type NetworkErrorCode,
  NotConnectedError,
  PermanentNetworkError,
  ProfileNotFoundError,
  RateLimitedError,
  SessionExpiredError,
  TransientNetworkError,
  isNetworkError,
} from './network.errors.js';
export type * from './network.port.js';
export {
  FAULT_KINDS,
  type Fault,
  type FaultKind,
  type FaultSpec,
  SANDBOX_OPERATIONS,
  type SandboxOperation,
} from './sandbox/fault-injector.js';
export {
  RECEIVED_ACTION_TYPES,
  type ReceivedAction,
  type ReceivedActionType,
  type ReceivedFilter,
} from './sandbox/received-log.js';
export type { SandboxAccountView } from './sandbox/sandbox-account.js';
export { type SandboxControlClient, createSandboxControlClient } from './sandbox/sandbox-control.client.js';
export {
  type RunningSandbox,
  type SandboxNetwork,
  type SandboxNetworkOptions,
  createSandboxNetwork,
} from './sandbox/sandbox-network.js';
export {
  DEFAULT_REPLY_TEXTS,
  type SandboxSettings,
  type SandboxSettingsInput,
  parseSandboxSettings,
} from './sandbox/sandbox-settings.js';
export type { SandboxNetworkState } from './sandbox/sandbox-state.js';
export type { WireEvent } from './wire/provider-wire.schema.js';
export {
  AlreadyConnectedError,
  AlreadyInvitedError,
  CannotInviteYetError,
  InvitationLimitReachedError,
} from './network.errors.js';
export type * from './provider/provider-events.js';
export type * from './provider/provider-network.port.js';
export { MAX_INVITATION_NOTE_LENGTH } from './provider/provider-network.port.js';
export {
  DEFAULT_INVITATION_LIMIT_COOLDOWN_MS,
  DEFAULT_RATE_LIMIT_COOLDOWN_MS,
  mapUnipileError,
} from './unipile/unipile-error.mapper.js';
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
