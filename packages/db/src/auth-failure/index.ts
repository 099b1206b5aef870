export { AuthFailureRepository } from './auth-failure.repository.js';
export type { AuthFailureRecord } from './auth-failure.schema.js';
