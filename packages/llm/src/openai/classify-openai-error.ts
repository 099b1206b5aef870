/** Maps what the `openai` client throws onto the port's failure kinds. */
import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ModelFailure } from '../port/language-model.port.js';

export interface ClassifiedError {
  failure: ModelFailure;
  retryable: boolean;
  headers: Headers | undefined;
}

export function classifyOpenAiError(error: unknown): ClassifiedError {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof APIConnectionTimeoutError || error instanceof APIUserAbortError) {
    return { failure: { kind: 'timeout', message }, retryable: false, headers: undefined };
  }
  if (error instanceof APIConnectionError) {
    return { failure: { kind: 'unavailable', message }, retryable: true, headers: undefined };
  }
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    const headers = error.headers instanceof Headers ? error.headers : undefined;
    if (status === 429) return { failure: { kind: 'rate_limited', message }, retryable: true, headers };
    if (status === 408) return { failure: { kind: 'timeout', message }, retryable: true, headers };
    if (status >= 500) return { failure: { kind: 'unavailable', message }, retryable: true, headers };
    return { failure: { kind: 'rejected', message }, retryable: false, headers };
  }
  return { failure: { kind: 'unavailable', message }, retryable: false, headers: undefined };
}
