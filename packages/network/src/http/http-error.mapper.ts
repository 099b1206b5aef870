import {
  InmailNotAllowedError,
  type NetworkError,
  NotConnectedError,
  PermanentNetworkError,
  ProfileNotFoundError,
  RateLimitedError,
  SessionExpiredError,
  TransientNetworkError,
} from '../network.errors.js';
import { errorBodySchema } from '../wire/provider-wire.schema.js';

/** Used when a 429 carries no usable hint: long enough not to hammer the provider. */
export const DEFAULT_RETRY_AFTER_MS = 60_000;

export interface CallContext {
  accountId: string;
  publicIdentifier?: string;
}

/**
 * Turns a non-2xx answer into a typed error. The provider's `code` decides where it is precise
 * (not connected, InMail not allowed, session expired); the status decides otherwise.
 */
export function errorFromResponse(
  status: number,
  headers: Headers,
  rawBody: unknown,
  context: CallContext,
): NetworkError {
  const parsed = errorBodySchema.safeParse(rawBody);
  const body = parsed.success ? parsed.data : undefined;
  const code = body?.code;
  const message = body?.message ?? `provider answered ${status}`;

  if (status === 429) return new RateLimitedError(retryAfterMs(headers, body?.retryAfterMs));
  if (status === 401 || code === 'session_expired') return new SessionExpiredError(message);
  // A 404 means the profile, unless the provider says the route itself does not exist.
  if (status === 404 && code !== 'not_found') return new ProfileNotFoundError(context.publicIdentifier ?? '');
  if (code === 'not_connected') return new NotConnectedError(context.publicIdentifier ?? '');
  if (code === 'inmail_not_allowed') return new InmailNotAllowedError(context.accountId);
  if (status === 408 || status >= 500)
    return new TransientNetworkError(`provider answered ${status}: ${message}`);
  return new PermanentNetworkError(code ?? `http_${status}`, message);
}

/**
 * The wait a 429 asks for. A millisecond figure in the body wins (it keeps sub-second precision
 * under a scaled clock); else `Retry-After` as seconds, or as an HTTP date measured against the
 * response's own `Date` header so that client and provider clocks need not agree.
 */
export function retryAfterMs(headers: Headers, bodyMs?: number): number {
  if (bodyMs !== undefined) return bodyMs;
  const header = headers.get('retry-after')?.trim();
  if (!header) return DEFAULT_RETRY_AFTER_MS;
  if (/^\d+(\.\d+)?$/.test(header)) return Math.round(Number(header) * 1000);
  const until = Date.parse(header);
  if (Number.isNaN(until)) return DEFAULT_RETRY_AFTER_MS;
  const reference = Date.parse(headers.get('date') ?? '');
  return Math.max(0, until - (Number.isNaN(reference) ? Date.now() : reference));
}
