export { PROVIDER_EVENT_TYPES, type ProviderEventType } from './provider-event.schema.js';
export type { StoredProviderEvent } from './provider-event.entity.js';
export type { NewProviderEvent, ProviderEventRepository } from './provider-event.repository.js';
