export type { RateLimitRepository, WindowCount } from './rate-limit.repository.js';
