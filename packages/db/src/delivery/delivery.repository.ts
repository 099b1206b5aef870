import type { QueryFilter, UpdateQuery } from 'mongoose';
import { LeaseLostError } from '../common/db-errors.js';
import { leaseEnd, leaseFree, type LeaseRequest } from '../common/lease.js';
import type { KeysetOrder } from '../common/keyset.js';
import { pageBounds, type Page, type PageRequest } from '../common/page.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { toDelivery, type Delivery, type DeliveryAttemptInput } from './delivery.entity.js';
import {
  MAX_RESPONSE_BODY_LENGTH,
  type DeliveryAttemptRecord,
  type DeliveryFailureReason,
  type DeliveryRecord,
  type DeliveryStatus,
} from './delivery.schema.js';

/** Newest first, `_id` breaking ties. */
const DELIVERY_ORDER: KeysetOrder = {
  list: 'deliveries',
  keys: [
    ['createdAt', -1],
    ['_id', -1],
  ],
};

/** How an attempt left the delivery: delivered, due again at `nextAttemptAt`, or failed for good. */
export type DeliveryOutcome =
  | { status: 'delivered'; at: Date }
  | { status: 'pending'; nextAttemptAt: Date }
  | { status: 'failed'; at: Date; reason: DeliveryFailureReason };

export interface DeliveryClaimOptions {
  /**
   * Subscriptions whose deliveries must not be claimed (e.g. already at the claimer's concurrency
   * limit), so they stay untouched for another claimer instead of being claimed and handed back.
   */
  excludeSubscriptionIds?: readonly string[];
}

/** Webhook deliveries: created by the fan-out, claimed and attempted by dispatchers. */
export class DeliveryRepository {
  constructor(
    private readonly records: ScopedModel<DeliveryRecord>,
    private readonly clock: () => Date,
  ) {}

  /**
   * Creates one pending delivery, due now, per subscription of the event. Idempotent through the
   * unique (event, subscription) key: repeating a fan-out creates only what is missing.
   */
  async createForEvent(
    workspaceId: WorkspaceId,
    eventId: string,
    subscriptions: ReadonlyArray<{ id: string; url: string }>,
  ): Promise<{ created: number }> {
    const now = this.clock();
    const { inserted } = await this.records.insertManyCountingDuplicates(
      workspaceId,
      subscriptions.map((subscription) => ({
        _id: newId('delivery'),
        eventId,
        subscriptionId: subscription.id,
        url: subscription.url,
        status: 'pending' as const,
        attempts: 0,
        nextAttemptAt: now,
        leaseOwner: null,
        leaseUntil: null,
        log: [],
        createdAt: now,
        updatedAt: now,
        deliveredAt: null,
        failedAt: null,
        failureReason: null,
      })),
    );
    return { created: inserted.length };
  }

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
          $set: { leaseOwner: lease.owner, leaseUntil: leaseEnd(lease), updatedAt: this.clock() },
          $inc: { attempts: 1 },
        },
        { sort: { nextAttemptAt: 1 }, returnDocument: 'after' },
      )
      .lean<DeliveryRecord>()
      .exec();
    return record ? toDelivery(record) : null;
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
    const update = outcomeUpdate(settlement.outcome, this.clock());
    if (settlement.attempt !== null) {
      const nextRetryAt = settlement.outcome.status === 'pending' ? settlement.outcome.nextAttemptAt : null;
      update.$push = { log: { ...logEntry(settlement.attempt), nextRetryAt } };
    }
    return this.whileLeased(workspaceId, id, owner, update);
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

  async get(workspaceId: WorkspaceId, id: string): Promise<Delivery | null> {
    const record = await this.records.findOne(workspaceId, { _id: id });
    return record ? toDelivery(record) : null;
  }

  /** A subscription's deliveries, newest first, one page, optionally of one status only. */
  async listForSubscription(
    workspaceId: WorkspaceId,
    subscriptionId: string,
    query: PageRequest & { status?: DeliveryStatus } = {},
  ): Promise<Page<Delivery>> {
    const { skip, limit } = pageBounds(query);
    const filter: QueryFilter<DeliveryRecord> = { subscriptionId };
    if (query.status !== undefined) filter.status = query.status;
    const [total, page] = await Promise.all([
      this.records.count(workspaceId, filter),
      this.records.page(workspaceId, filter, { order: DELIVERY_ORDER, after: query.after, skip, limit }),
    ]);
    return { total, items: page.records.map(toDelivery), nextCursor: page.nextCursor };
  }

  /**
   * Makes a delivery due now whatever its status (a manual retry): pending again, its failure or
   * success cleared, so the next dispatcher claim sends it once more, with the same event and so
   * the same `webhook-id`. Its attempts so far stay in the log and keep counting for the retry
   * schedule, so a delivery that had used every retry gets this one attempt. Null when the
   * delivery is missing or a dispatcher holds it right now.
   */
  async requeue(workspaceId: WorkspaceId, id: string, now: Date): Promise<Delivery | null> {
    const record = await this.records.findOneAndUpdate(
      workspaceId,
      { _id: id, leaseUntil: leaseFree(now) },
      { $set: requeued(now, this.clock()) },
    );
    return record ? toDelivery(record) : null;
  }

  /**
   * Re-queues, due now, every failed delivery of the subscription created at or after `since`
   * (see `requeue`); returns how many. Failed deliveries hold no lease, so no claim is disturbed.
   */
  async requeueFailedSince(
    workspaceId: WorkspaceId,
    subscriptionId: string,
    since: Date,
    now: Date,
  ): Promise<number> {
    const result = await this.records.updateMany(
      workspaceId,
      { subscriptionId, status: 'failed', createdAt: { $gte: since } },
      { $set: requeued(now, this.clock()) },
    );
    return result.modified;
  }

  async listForEvent(workspaceId: WorkspaceId, eventId: string): Promise<Delivery[]> {
    const records = await this.records.find(workspaceId, { eventId }, { sort: { subscriptionId: 1 } });
    return records.map(toDelivery);
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

/** The log entry of an attempt, its response body cut to what the log keeps. */
function logEntry(attempt: DeliveryAttemptInput): DeliveryAttemptRecord {
  const body = attempt.responseBody ?? null;
  return {
    attempt: attempt.attempt,
    at: attempt.at,
    statusCode: attempt.statusCode,
    responseBody: body === null ? null : body.slice(0, MAX_RESPONSE_BODY_LENGTH),
    error: attempt.error,
    durationMs: attempt.durationMs,
    nextRetryAt: null,
  };
}

function requeued(now: Date, updatedAt: Date) {
  return {
    status: 'pending' as const,
    nextAttemptAt: now,
    deliveredAt: null,
    failedAt: null,
    failureReason: null,
    updatedAt,
  };
}

/** The update that applies an outcome and gives the lease back. */
function outcomeUpdate(outcome: DeliveryOutcome, now: Date): UpdateQuery<DeliveryRecord> {
  const released = { leaseOwner: null, leaseUntil: null, updatedAt: now };
  switch (outcome.status) {
    case 'pending':
      return { $set: { ...released, nextAttemptAt: outcome.nextAttemptAt } };
    case 'delivered':
      return {
        $set: { ...released, status: 'delivered', deliveredAt: outcome.at },
        $unset: { nextAttemptAt: 1 },
      };
    case 'failed':
      return {
        $set: { ...released, status: 'failed', failedAt: outcome.at, failureReason: outcome.reason },
        $unset: { nextAttemptAt: 1 },
      };
  }
}
