export { DomainError, type DomainErrorCode } from './errors.js';
