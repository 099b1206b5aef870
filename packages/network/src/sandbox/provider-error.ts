import type { ProviderErrorCode, WireErrorBody } from '../wire/provider-wire.schema.js';

/** A refusal of the simulated provider; the routes turn it into a status and an error body. */
export class ProviderError extends Error {
  constructor(
    readonly status: number,
    readonly code: ProviderErrorCode,
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }

  body(): WireErrorBody {
    const body: WireErrorBody = { statusCode: this.status, message: this.message, code: this.code };
    if (this.retryAfterMs !== undefined) body.retryAfterMs = this.retryAfterMs;
    return body;
  }
}
