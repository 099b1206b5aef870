export type { IdempotencyClaim, IdempotencyClaimRequest, IdempotencyRef } from './idempotency.entity.js';
export type { IdempotencyRepository } from './idempotency.repository.js';
