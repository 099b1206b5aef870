export { normalizeBaseUrl } from './base-url.js';
