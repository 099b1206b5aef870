/** What a request's `Idempotency-Key` claim found. */
export type IdempotencyClaim =
  /**
   * The key is this request's: process it, then `complete` (or `release`) with `token`. What it
   * creates takes `creationId` (an ObjectId's hex, see `reservedId`), the same for every request
   * that takes the key over: one retried after a request died mid-way finds what it created.
   */
  | { kind: 'claimed'; token: string; tookOver: boolean; creationId: string }
  /** A request with the same key and body completed: answer what it answered. */
  | { kind: 'replay'; statusCode: number; body: string }
  /** The key was first used with another method, path or body. */
  | { kind: 'mismatch' }
  /** A request with the same key is still being processed. */
  | { kind: 'in_flight' };

export interface IdempotencyClaimRequest {
  apiKeyId: string;
  key: string;
  fingerprint: string;
  /**
   * HTTP time, always real (never a compressed demo clock): the lock and the retention are counted
   * from it, and MongoDB's TTL monitor removes expired keys by real time.
   */
  realNow: Date;
  /** How long an in-flight claim holds before another request may take it over. */
  lockMs: number;
  /** How long the key and its answer are kept after the first request. */
  ttlMs: number;
}

export interface IdempotencyRef {
  apiKeyId: string;
  key: string;
  token: string;
}
