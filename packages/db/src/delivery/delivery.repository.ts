import type { UpdateQuery } from 'mongoose';
import { LeaseLostError } from '../common/db-errors.js';
import { leaseEnd, leaseFree, type LeaseRequest } from '../common/lease.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { toDelivery, type Delivery, type DeliveryAttempt } from './delivery.entity.js';
import type { DeliveryRecord } from './delivery.schema.js';

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
      })),
    );
    return { created: inserted.length };
  }

  /**
   * The dispatcher's claim, unscoped by nature (one dispatcher serves every workspace): the most
   * overdue pending delivery whose lease is free, leased with `attempts` incremented in one
   * findOneAndUpdate, so two dispatchers never send the same delivery at once. Walks the partial
   * `nextAttemptAt` index from its oldest entry; only pending deliveries are in it.
   */
  async claimDueAcrossWorkspaces(lease: LeaseRequest): Promise<Delivery | null> {
    const record = await this.records.acrossWorkspaces
      .findOneAndUpdate(
        { nextAttemptAt: { $lte: lease.now }, leaseUntil: leaseFree(lease.now) },
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
    attempt: DeliveryAttempt,
  ): Promise<Delivery> {
    return this.whileLeased(workspaceId, id, owner, {
      $push: { log: attempt },
      $set: { updatedAt: this.clock() },
    });
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

  /** Out of retries (or the subscription is gone): the delivery is kept, never tried again. */
  markFailed(workspaceId: WorkspaceId, id: string, owner: string, at: Date): Promise<Delivery> {
    return this.finish(workspaceId, id, owner, { status: 'failed', failedAt: at });
  }

  async get(workspaceId: WorkspaceId, id: string): Promise<Delivery | null> {
    const record = await this.records.findOne(workspaceId, { _id: id });
    return record ? toDelivery(record) : null;
  }

  async listForEvent(workspaceId: WorkspaceId, eventId: string): Promise<Delivery[]> {
    const records = await this.records.find(workspaceId, { eventId }, { sort: { subscriptionId: 1 } });
    return records.map(toDelivery);
  }

  private finish(
    workspaceId: WorkspaceId,
    id: string,
    owner: string,
    outcome: { status: 'delivered'; deliveredAt: Date } | { status: 'failed'; failedAt: Date },
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
