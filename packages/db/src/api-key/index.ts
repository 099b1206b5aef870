export { hashApiKey, LEGACY_API_KEY_ROLE, type ApiKey } from './api-key.entity.js';
export type { ApiKeyRepository, CreatedApiKey, NewApiKey } from './api-key.repository.js';
export { API_KEY_CREATOR_TYPES, type ApiKeyCreator, type ApiKeyCreatorType } from './api-key.schema.js';
