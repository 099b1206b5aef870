export { idempotencyKey } from './idempotency.js';
