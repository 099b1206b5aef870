import { createHash } from 'node:crypto';
import type { IdempotencyRepository } from '@outreach/db';
import type { RequestHandler, Response } from 'express';
import { accessOf, callerKeyOf } from '../auth/principal.js';
import { HttpError } from './http-error.js';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;
/** How long a key and its answer are kept after the first request, in real time (HTTP time). */
export const IDEMPOTENCY_TTL_REAL_MS = 24 * 60 * 60 * 1000;
/**
 * How long a request holds its key before another request may take it over, in real time: far
 * longer than any request runs, so only a request whose instance died mid-way loses its key. On a
 * compressed product clock this would last milliseconds and let concurrent duplicates through.
 */
export const IDEMPOTENCY_LOCK_REAL_MS = 60_000;

/** Where the request's reserved creation id waits for the operation (see `creationIdOf`). */
const CREATION_ID = 'idempotencyCreationId';

export interface IdempotencyOptions {
  store: Pick<IdempotencyRepository, 'claim' | 'complete' | 'release'>;
  /** HTTP time: the real clock, never the (possibly compressed) product clock. */
  realClock: () => Date;
}

/**
 * `Idempotency-Key` for POSTs and bodied DELETEs, after authentication and body parsing. Without
 * the header the request passes untouched. With it, the key is claimed for the caller's API key
 * (see `IdempotencyRepository.claim`): the first request is processed and its answer stored,
 * success or 4xx alike, as Stripe does, since repeating a refused request would be refused
 * again; a repeat with the same method, path and body gets that answer with
 * `Idempotent-Replayed: true` and changes nothing; another request under the key gets 422; a
 * repeat while the first is still being processed gets 409. A 5xx is not stored: the key is
 * released so that the client's retry is processed afresh.
 *
 * The claim also reserves an id for what the request creates (`creationIdOf`), the same for every
 * request that takes the key over: an instance that died after creating a record but before storing
 * its answer leaves the key to a retry once the lock runs out, and that retry finds the record under
 * the reserved id and answers with it instead of creating a second one.
 */
export function idempotency(options: IdempotencyOptions): RequestHandler {
  return async (req, res, next) => {
    const key = keyOf(req.headers[IDEMPOTENCY_KEY_HEADER]);
    if (key === null) {
      next();
      return;
    }
    const access = accessOf(res);
    if (access.workspaceId === null) throw new Error('idempotency outside a workspace');
    const workspaceId = access.workspaceId;
    const caller = { apiKeyId: callerKeyOf(access) };
    const claim = await options.store.claim(workspaceId, {
      apiKeyId: caller.apiKeyId,
      key,
      fingerprint: fingerprintOf(req.method, req.originalUrl, req.body),
      realNow: options.realClock(),
      lockMs: IDEMPOTENCY_LOCK_REAL_MS,
      ttlMs: IDEMPOTENCY_TTL_REAL_MS,
    });
    switch (claim.kind) {
      case 'replay':
        res
          .status(claim.statusCode)
          .set(IDEMPOTENT_REPLAYED_HEADER, 'true')
          .type('application/json')
          .send(claim.body);
        return;
      case 'mismatch':
        throw new HttpError(
          422,
          'this Idempotency-Key was already used with a different request (method, path or body); use a new key',
          { code: 'idempotency_key_reused' },
        );
      case 'in_flight':
        throw new HttpError(
          409,
          'a request with this Idempotency-Key is still being processed; retry later',
          {
            code: 'idempotency_key_in_use',
          },
        );
      case 'claimed': {
        res.locals[CREATION_ID] = claim.creationId;
        const ref = { apiKeyId: caller.apiKeyId, key, token: claim.token };
        storeAnswerBeforeSending(res, (statusCode, body) =>
          statusCode >= 500
            ? options.store.release(workspaceId, ref)
            : options.store.complete(workspaceId, ref, { statusCode, body }, options.realClock()),
        );
        next();
      }
    }
  };
}

/**
 * The ObjectId hex the request's `Idempotency-Key` claim reserved for what it creates (see
 * `reservedId` of the data layer), or null for a request without a key.
 */
export function creationIdOf(res: Response): string | null {
  const reserved = res.locals[CREATION_ID] as string | undefined;
  return reserved ?? null;
}

/**
 * Every answer of the API leaves through `res.json`, handlers and the error middleware alike.
 * The answer is stored before it is sent, so a client that repeats the request as soon as it has
 * the answer finds it stored, never still in flight.
 */
function storeAnswerBeforeSending(
  res: Response,
  store: (statusCode: number, body: string) => Promise<unknown>,
): void {
  const send = res.json.bind(res);
  res.json = (body: unknown) => {
    res.json = send;
    store(res.statusCode, JSON.stringify(body ?? null))
      .catch((error: unknown) => res.req.log.error({ err: error }, 'could not store the idempotent answer'))
      .finally(() => send(body));
    return res;
  };
}

function keyOf(header: string | string[] | undefined): string | null {
  if (header === undefined) return null;
  if (typeof header !== 'string' || header.trim() === '') {
    throw new HttpError(400, 'Idempotency-Key must be a non-empty string, sent once', {
      code: 'invalid_idempotency_key',
    });
  }
  if (header.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw new HttpError(400, `Idempotency-Key must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`, {
      code: 'invalid_idempotency_key',
    });
  }
  return header;
}

/** The request a key stands for: method, path with query, and the body with its keys sorted. */
function fingerprintOf(method: string, url: string, body: unknown): string {
  return createHash('sha256')
    .update(JSON.stringify([method, url, canonical(body ?? null)]))
    .digest('hex');
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((name) => [name, canonical((value as Record<string, unknown>)[name])]),
    );
  }
  return value;
}
