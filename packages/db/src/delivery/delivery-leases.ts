import type { QueryFilter, UpdateQuery } from 'mongoose';
import { LeaseLostError } from '../common/db-errors.js';
import { leaseEnd, leaseFree, type LeaseRequest } from '../common/lease.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import {
  claimDueBatch,
  type ClaimedDeliveries,
  type DeliveryBatchClaimOptions,
} from './delivery-batch-claim.js';
import { settleBatch, type DeliverySettlement } from './delivery-batch-settle.js';
import { toDelivery, type Delivery, type DeliveryAttemptInput } from './delivery.entity.js';
import type { DeliveryFailureReason, DeliveryRecord } from './delivery.schema.js';
import { logEntry, settlementUpdate, type DeliveryOutcome } from './delivery-updates.js';

export interface DeliveryClaimOptions {
  /**
   * Subscriptions whose deliveries must not be claimed (e.g. already at the claimer's concurrency
   * limit), so they stay untouched for another claimer instead of being claimed and handed back.
   */
  excludeSubscriptionIds?: readonly string[];
}

/**
 * The dispatcher's side of deliveries: leased claims of due work, and the writes that end a claim,
 * each conditional on the claimer still holding the lease. One delivery at a time, or in batches
 * (`claimDueBatchAcrossWorkspaces`, `settleManyAcrossWorkspaces`) whose round trips do not grow
 * with the number of deliveries.
 */
export class DeliveryLeases {
  constructor(
    protected readonly records: ScopedModel<DeliveryRecord>,
    protected readonly clock: () => Date,
  ) {}

  /**
   * The dispatcher's claim, unscoped by nature (one dispatcher serves every workspace): the most
   * overdue pending delivery whose lease is free and whose subscription is not excluded, leased
   * with `attempts` incremented in one findOneAndUpdate, so two dispatchers never send the same
   * delivery at once. Walks the partial `nextAttemptAt` index from its oldest entry; only pending
   * deliveries are in it. Excluded subscriptions are a residual filter on that walk: their due
   * deliveries are read and skipped, never written.
   */
  async claimDueAcrossWorkspaces(
    lease: LeaseRequest,
    options: DeliveryClaimOptions = {},
  ): Promise<Delivery | null> {
    const filter: QueryFilter<DeliveryRecord> = {
      nextAttemptAt: { $lte: lease.now },
      leaseUntil: leaseFree(lease.now),
    };
    const excluded = options.excludeSubscriptionIds ?? [];
    if (excluded.length > 0) filter.subscriptionId = { $nin: [...excluded] };
    const record = await this.records.acrossWorkspaces
      .findOneAndUpdate(
        filter,
        {
          // No batch token: a settlement of an earlier batch claim cannot match this one.
          $set: {
            leaseOwner: lease.owner,
            leaseUntil: leaseEnd(lease),
            leaseToken: null,
            updatedAt: this.clock(),
          },
          $inc: { attempts: 1 },
        },
        { sort: { nextAttemptAt: 1 }, returnDocument: 'after' },
      )
      .lean<DeliveryRecord>()
      .exec();
    return record ? toDelivery(record) : null;
  }

  /**
   * The dispatcher's batch claim, unscoped by nature: up to `limit` of the most overdue due
   * deliveries with a free lease, within the claimer's per-subscription limit (its held
   * deliveries count), leased under one fresh token in two round trips (see `claimDueBatch`).
   */
  claimDueBatchAcrossWorkspaces(
    lease: LeaseRequest,
    options: DeliveryBatchClaimOptions,
  ): Promise<ClaimedDeliveries> {
    return claimDueBatch(this.records.acrossWorkspaces, lease, options, this.clock());
  }

  /**
   * Ends the claims of many deliveries, of any workspace, in one `bulkWrite` (one more read when a
   * lease was lost): each settlement logs its attempt and applies its outcome, or hands the claim
   * back, only while its claim's lease token is held. Returns, per settlement, whether it was
   * written; false means another claimer has the delivery now.
   */
  settleManyAcrossWorkspaces(settlements: readonly DeliverySettlement[]): Promise<boolean[]> {
    return settleBatch(this.records.acrossWorkspaces, settlements, this.clock());
  }

  /** Appends the attempt's outcome to the delivery's log (while the lease is held). */
  recordAttempt(
    workspaceId: WorkspaceId,
    id: string,
    owner: string,
    attempt: DeliveryAttemptInput,
  ): Promise<Delivery> {
    return this.whileLeased(workspaceId, id, owner, {
      $push: { log: logEntry(attempt) },
      $set: { updatedAt: this.clock() },
    });
  }

  /**
   * Ends a claim in one update, while the lease is held: appends the attempt (when one was made;
   * null when nothing was sent, e.g. the subscription is gone) and applies the outcome, giving the
   * lease back. A crash can therefore never leave an attempt logged but the delivery unsettled.
   * Throws `LeaseLostError` (and writes nothing) when `owner` no longer holds the lease.
   */
  settleAttempt(
    workspaceId: WorkspaceId,
    id: string,
    owner: string,
    settlement: { attempt: DeliveryAttemptInput | null; outcome: DeliveryOutcome },
  ): Promise<Delivery> {
    return this.whileLeased(workspaceId, id, owner, settlementUpdate(settlement, this.clock()));
  }

  /**
   * Hands a claimed delivery back untouched (e.g. on shutdown): the lease is cleared and the claim
   * is not counted in `attempts`, nothing is logged; due again at `nextAttemptAt` when given, else
   * when it was due. False when `owner` no longer holds the lease.
   */
  async release(
    workspaceId: WorkspaceId,
    id: string,
    owner: string,
    options: { nextAttemptAt?: Date } = {},
  ): Promise<boolean> {
    const set: Record<string, unknown> = { leaseOwner: null, leaseUntil: null, updatedAt: this.clock() };
    if (options.nextAttemptAt !== undefined) set['nextAttemptAt'] = options.nextAttemptAt;
    const result = await this.records.updateOne(
      workspaceId,
      { _id: id, leaseOwner: owner, status: 'pending' },
      { $set: set, $inc: { attempts: -1 } },
    );
    return result.matched === 1;
  }

  /** Schedules the next attempt and gives the lease back. */
  reschedule(workspaceId: WorkspaceId, id: string, owner: string, nextAttemptAt: Date): Promise<Delivery> {
    return this.whileLeased(workspaceId, id, owner, {
      $set: { nextAttemptAt, leaseOwner: null, leaseUntil: null, updatedAt: this.clock() },
    });
  }

  markDelivered(workspaceId: WorkspaceId, id: string, owner: string, at: Date): Promise<Delivery> {
    return this.finish(workspaceId, id, owner, { status: 'delivered', deliveredAt: at });
  }

  /**
   * Out of retries (or the subscription is gone): the delivery is kept with `reason` (null when
   * none is given), never tried again.
   */
  markFailed(
    workspaceId: WorkspaceId,
    id: string,
    owner: string,
    at: Date,
    reason?: DeliveryFailureReason,
  ): Promise<Delivery> {
    return this.finish(workspaceId, id, owner, {
      status: 'failed',
      failedAt: at,
      failureReason: reason ?? null,
    });
  }

  private finish(
    workspaceId: WorkspaceId,
    id: string,
    owner: string,
    outcome:
      | { status: 'delivered'; deliveredAt: Date }
      | { status: 'failed'; failedAt: Date; failureReason: DeliveryFailureReason | null },
  ): Promise<Delivery> {
    return this.whileLeased(workspaceId, id, owner, {
      $set: { ...outcome, leaseOwner: null, leaseUntil: null, updatedAt: this.clock() },
      $unset: { nextAttemptAt: 1 },
    });
  }

  private async whileLeased(
    workspaceId: WorkspaceId,
    id: string,
    owner: string,
    update: UpdateQuery<DeliveryRecord>,
  ): Promise<Delivery> {
    const record = await this.records.findOneAndUpdate(workspaceId, { _id: id, leaseOwner: owner }, update);
    if (!record) throw new LeaseLostError('delivery', id, owner);
    return toDelivery(record);
  }
}
