import type { z } from 'zod';
import { NetworkError, PermanentNetworkError, TransientNetworkError } from '../network.errors.js';
import type { NetworkPort } from '../network.port.js';
import {
  IDEMPOTENCY_KEY_HEADER,
  eventsResponseSchema,
  invitationResponseSchema,
  messageResponseSchema,
  profileVisitResponseSchema,
  providerPaths,
  relationshipResponseSchema,
} from '../wire/provider-wire.schema.js';
import { type CallContext, errorFromResponse } from './http-error.mapper.js';

export interface HttpNetworkOptions {
  /** Root of the provider API, e.g. `http://127.0.0.1:4010`. */
  baseUrl: string | URL;
  /** Whole-call budget (connect, answer and body); past it the call fails as transient. */
  timeoutMs?: number;
  /** Defaults to the global `fetch`. */
  fetch?: typeof globalThis.fetch;
  /** Extra headers sent with every call, e.g. a provider API key. */
  headers?: Record<string, string>;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

interface Call<S extends z.ZodType> {
  method: 'GET' | 'POST';
  path: string;
  schema: S;
  context: CallContext;
  body?: unknown;
  idempotencyKey?: string;
}

/** The network port over the provider's HTTP API (served locally by the sandbox network). */
export function createHttpNetwork(options: HttpNetworkOptions): NetworkPort {
  const baseUrl = String(options.baseUrl).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const fetchImpl = options.fetch ?? globalThis.fetch;

  async function call<S extends z.ZodType>(request: Call<S>): Promise<z.output<S>> {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    if (request.idempotencyKey !== undefined) headers[IDEMPOTENCY_KEY_HEADER] = request.idempotencyKey;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      // The body is read under the same timer: a provider that stalls mid-body is a timeout too.
      const response = await fetchImpl(`${baseUrl}${request.path}`, {
        method: request.method,
        headers,
        signal: controller.signal,
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      });
      const json = parseJson(await response.text());
      if (!response.ok) throw errorFromResponse(response.status, response.headers, json, request.context);
      if (json === undefined) throw new TransientNetworkError(`unreadable answer from ${request.path}`);
      const parsed = request.schema.safeParse(json);
      if (!parsed.success) {
        throw new PermanentNetworkError('invalid_response', `unexpected answer from ${request.path}`);
      }
      return parsed.data;
    } catch (error) {
      throw toNetworkError(error, controller.signal.aborted, timeoutMs);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async sendInvitation({ accountId, publicIdentifier, note, idempotencyKey }) {
      const body = note === undefined ? { publicIdentifier } : { publicIdentifier, note };
      const path = providerPaths.invitations(accountId);
      const context = { accountId, publicIdentifier };
      return call({ method: 'POST', path, body, idempotencyKey, context, schema: invitationResponseSchema });
    },
    async sendMessage({ accountId, publicIdentifier, content, inmail, idempotencyKey }) {
      const body = { publicIdentifier, content, inmail };
      const path = providerPaths.messages(accountId);
      const context = { accountId, publicIdentifier };
      return call({ method: 'POST', path, body, idempotencyKey, context, schema: messageResponseSchema });
    },
    async visitProfile({ accountId, publicIdentifier, idempotencyKey }) {
      const path = providerPaths.profileVisits(accountId);
      const context = { accountId, publicIdentifier };
      const body = { publicIdentifier };
      return call({
        method: 'POST',
        path,
        body,
        idempotencyKey,
        context,
        schema: profileVisitResponseSchema,
      });
    },
    async getRelationship({ accountId, publicIdentifier }) {
      const path = providerPaths.relationship(accountId, publicIdentifier);
      const context = { accountId, publicIdentifier };
      const answer = await call({ method: 'GET', path, context, schema: relationshipResponseSchema });
      return answer.relationship;
    },
    async pollEvents({ accountId, cursor, limit }) {
      const query = new URLSearchParams();
      if (cursor !== undefined) query.set('cursor', cursor);
      if (limit !== undefined) query.set('limit', String(limit));
      const search = query.toString() === '' ? '' : `?${query.toString()}`;
      const path = `${providerPaths.events(accountId)}${search}`;
      return call({ method: 'GET', path, context: { accountId }, schema: eventsResponseSchema });
    },
  };
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Typed errors pass through; anything else thrown while talking to the provider (abort on our
 * timer, refused or reset connection, DNS failure) leaves the outcome unknown, hence transient.
 */
function toNetworkError(error: unknown, timedOut: boolean, timeoutMs: number): Error {
  if (error instanceof NetworkError) return error;
  if (timedOut) return new TransientNetworkError(`no answer within ${timeoutMs} ms`, { cause: error });
  const reason = error instanceof Error ? error.message : String(error);
  return new TransientNetworkError(`connection failed: ${reason}`, { cause: error });
}
