import { randomUUID } from 'node:crypto';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import { leaseFree } from '../common/lease.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import type { IdempotencyClaim, IdempotencyClaimRequest, IdempotencyRef } from './idempotency.entity.js';
import type { IdempotencyRecord } from './idempotency.schema.js';

/** Inserting and reading back races only with expiry and takeovers; a few rounds settle it. */
const CLAIM_ROUNDS = 3;

/** `Idempotency-Key`s of API requests, per workspace and API key, shared by every API instance. */
export class IdempotencyRepository {
  /**
   * Every time of a key is HTTP time, given by the caller in real time: no product clock here, so
   * a compressed demo clock cannot shorten a lock or stretch the retention.
   */
  constructor(private readonly records: ScopedModel<IdempotencyRecord>) {}

  /**
   * Claims `key` for a request: an insert on the unique (workspace, API key, key) index, so of
   * concurrent requests exactly one claims it. The others read what is there: a completed answer
   * to replay, a different request (mismatch), or a claim still held (in flight). A claim whose
   * lock has run out was left by a request that never finished (its instance crashed) and is
   * taken over with a conditional update, so again only one request wins it.
   */
  async claim(workspaceId: WorkspaceId, request: IdempotencyClaimRequest): Promise<IdempotencyClaim> {
    const { apiKeyId, key, fingerprint, realNow } = request;
    const lockedUntil = new Date(realNow.getTime() + request.lockMs);
    for (let round = 0; round < CLAIM_ROUNDS; round += 1) {
      const token = randomUUID();
      try {
        await this.records.insertOne(workspaceId, {
          _id: randomUUID(),
          apiKeyId,
          key,
          fingerprint,
          state: 'in_flight',
          token,
          lockedUntil,
          response: null,
          createdAt: realNow,
          updatedAt: realNow,
          expiresAt: new Date(realNow.getTime() + request.ttlMs),
        });
        return { kind: 'claimed', token, tookOver: false };
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
      const existing = await this.records.findOne(workspaceId, { apiKeyId, key });
      if (existing === null) continue;
      if (existing.fingerprint !== fingerprint) return { kind: 'mismatch' };
      if (existing.state === 'completed' && existing.response !== null) {
        return { kind: 'replay', statusCode: existing.response.statusCode, body: existing.response.body };
      }
      if (existing.lockedUntil !== null && existing.lockedUntil > realNow) return { kind: 'in_flight' };
      const takenOver = await this.records.findOneAndUpdate(
        workspaceId,
        { _id: existing._id, state: 'in_flight', lockedUntil: leaseFree(realNow) },
        { $set: { token, lockedUntil, updatedAt: realNow } },
      );
      if (takenOver !== null) return { kind: 'claimed', token, tookOver: true };
    }
    return { kind: 'in_flight' };
  }

  /**
   * Stores the answer of the request holding the claim (at `realNow`, HTTP time); false when the
   * claim was taken over.
   */
  async complete(
    workspaceId: WorkspaceId,
    ref: IdempotencyRef,
    response: { statusCode: number; body: string },
    realNow: Date,
  ): Promise<boolean> {
    const result = await this.records.updateOne(
      workspaceId,
      { apiKeyId: ref.apiKeyId, key: ref.key, token: ref.token, state: 'in_flight' },
      { $set: { state: 'completed', response, lockedUntil: null, updatedAt: realNow } },
    );
    return result.matched === 1;
  }

  /**
   * Gives the key up without an answer (the request failed unexpectedly), so a retry with the
   * same key is processed afresh. False when the claim was no longer this request's.
   */
  release(workspaceId: WorkspaceId, ref: IdempotencyRef): Promise<boolean> {
    return this.records.deleteOne(workspaceId, {
      apiKeyId: ref.apiKeyId,
      key: ref.key,
      token: ref.token,
      state: 'in_flight',
    });
  }
}
