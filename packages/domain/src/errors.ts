/** Stable, machine-readable codes; the API maps each one to an HTTP status. */
export type DomainErrorCode = 'not_found' | 'invalid_input' | 'conflict';

export class DomainError extends Error {
  readonly code: DomainErrorCode;

  constructor(code: DomainErrorCode, message: string) {
    super(message);
    this.name = 'DomainError';
    this.code = code;
  }
}
