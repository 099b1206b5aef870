export { loadConfig, type Config } from './config.js';
export { startDispatcherProcess, type DispatcherProcess } from './process/dispatcher-process.js';
export { Dispatcher, type DispatcherOptions } from './dispatch/dispatcher.js';
export { HttpSender, USER_AGENT, type HttpSenderOptions, type SendOutcome } from './delivery/http-sender.js';
export { signWebhook, type SignatureHeaders } from './delivery/sign-webhook.js';
export {
  toEnvelope,
  envelopeBody,
  type OutboxEvent,
  type WebhookEnvelope,
} from './delivery/webhook-envelope.js';
export { RETRY_DELAYS_MS, MAX_ATTEMPTS, JITTER_RATIO } from './delivery/retry-schedule.js';
export { refusedRange } from './delivery/target-policy.js';
export type { DispatchStore } from './ports/dispatch-store.port.js';
export { DbDispatchStore } from './adapters/db-dispatch-store.adapter.js';
