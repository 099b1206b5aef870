export { DomainError, type DomainErrorCode } from './errors.js';
export * from './vocabulary.js';
