export { hashApiKey, type ApiKey } from './api-key.entity.js';
export type { ApiKeyRepository, CreatedApiKey } from './api-key.repository.js';
