/**
 * The lease on a lead or message was lost: it expired and another runner claimed the work, or the
 * user changed the lead in the meantime. Recognised by its `code`, so the data layer's own error
 * class needs no translation.
 */
export class LeaseLostError extends Error {
  readonly code = 'lease_lost';

  constructor(what: string) {
    super(`lease lost: ${what}`);
    this.name = 'LeaseLostError';
  }
}

export function isLeaseLost(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'lease_lost';
}
