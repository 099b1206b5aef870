export {
  createOutreachClient,
  unwrap,
  WORKSPACE_ID_HEADER,
  type ApiKeyClientOptions,
  type OutreachClient,
  type OutreachClientOptions,
  type SessionClientOptions,
} from './create-client.js';
export {
  AuthenticationError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  OutreachApiError,
  RateLimitedError,
  ServerError,
  ValidationError,
  isOutreachApiError,
  type ErrorBody,
} from './errors.js';
export { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey } from './idempotency-key.js';
export type { RetryOptions } from './retrying-fetch.js';
export type * from '@outreach/contract';
