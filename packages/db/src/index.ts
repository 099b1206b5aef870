export { assertTestDatabase } from './test-guard.js';
