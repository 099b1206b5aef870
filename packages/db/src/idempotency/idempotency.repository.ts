import { randomUUID } from 'node:crypto';
import { Types } from 'mongoose';
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
   * taken over with a conditional update, so again only one request wins it. The claim reserves
   * an id for what the request creates (`creationId`), kept by every takeover: a creation the dead
   * request committed is found again under it rather than made twice.
   */
  async claim(workspaceId: WorkspaceId, request: IdempotencyClaimRequest): Promise<IdempotencyClaim> {
    const { apiKeyId, key, fingerprint, realNow } = request;
    const lockedUntil = new Date(realNow.getTime() + request.lockMs);
    for (let round = 0; round < CLAIM_ROUNDS; round += 1) {
      const token = randomUUID();
      // An ObjectId sorts by creation time, as the ids the records would get otherwise do.
      const creationId = new Types.ObjectId().toHexString();
      try {
        await this.records.insertOne(workspaceId, {
          _id: randomUUID(),
          apiKeyId,
          key,
          fingerprint,
          state: 'in_flight',
          token,
          lockedUntil,
          creationId,
          response: null,
          createdAt: realNow,
          updatedAt: realNow,
          expiresAt: new Date(realNow.getTime() + request.ttlMs),
        });
        return { kind: 'claimed', token, tookOver: false, creationId };
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
      // The dead request's id, so its creation is found; a fresh one for a key that had none.
      const kept = existing.creationId ?? creationId;
      const takenOver = await this.records.findOneAndUpdate(
        workspaceId,
        { _id: existing._id, state: 'in_flight', lockedUntil: leaseFree(realNow) },
        { $set: { token, lockedUntil, creationId: kept, updatedAt: realNow } },
      );
      if (takenOver !== null) return { kind: 'claimed', token, tookOver: true, creationId: kept };
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
