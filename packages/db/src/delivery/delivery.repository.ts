import type { QueryFilter } from 'mongoose';
import { leaseFree } from '../common/lease.js';
import type { KeysetOrder } from '../common/keyset.js';
import { pageBounds, type Page, type PageRequest } from '../common/page.js';
import { newId, type WorkspaceId } from '../common/public-ids.js';
import { toDelivery, type Delivery } from './delivery.entity.js';
import { DeliveryLeases } from './delivery-leases.js';
import type { DeliveryRecord, DeliveryStatus } from './delivery.schema.js';
import { requeued } from './delivery-updates.js';

export type { DeliveryOutcome } from './delivery-updates.js';
export type { DeliveryClaimOptions } from './delivery-leases.js';

/** Newest first, `_id` breaking ties. */
const DELIVERY_ORDER: KeysetOrder = {
  list: 'deliveries',
  keys: [
    ['createdAt', -1],
    ['_id', -1],
  ],
};

/** A delivery to create: one event of a workspace to one of its subscriptions. */
export interface NewDelivery {
  workspaceId: WorkspaceId;
  eventId: string;
  subscription: { id: string; url: string };
}

/**
 * Webhook deliveries: created by the fan-out, claimed and attempted by dispatchers (the lease
 * operations are in `DeliveryLeases`), read and re-queued by the API.
 */
export class DeliveryRepository extends DeliveryLeases {
  /**
   * The dispatchers' backlog across workspaces, for their gauges: pending deliveries (counted over
   * the due-time index, which holds only those, at most `limit`) and the due time of the most
   * overdue one (the index's first entry), or null when none is pending.
   */
  async pendingBacklogAcrossWorkspaces(
    limit: number,
  ): Promise<{ pending: number; oldestDueAt: Date | null }> {
    const pending = { nextAttemptAt: { $exists: true } };
    const [count, oldest] = await Promise.all([
      this.records.acrossWorkspaces.countDocuments(pending).limit(limit).exec(),
      this.records.acrossWorkspaces
        .findOne(pending, { nextAttemptAt: 1 })
        .sort({ nextAttemptAt: 1 })
        .lean<Pick<DeliveryRecord, 'nextAttemptAt'>>()
        .exec(),
    ]);
    return { pending: count, oldestDueAt: oldest?.nextAttemptAt ?? null };
  }

  /**
   * Creates one pending delivery, due now, per subscription of the event. Idempotent through the
   * unique (event, subscription) key: repeating a fan-out creates only what is missing.
   */
  async createForEvent(
    workspaceId: WorkspaceId,
    eventId: string,
    subscriptions: ReadonlyArray<{ id: string; url: string }>,
  ): Promise<{ created: number }> {
    return this.createManyAcrossWorkspaces(
      subscriptions.map((subscription) => ({ workspaceId, eventId, subscription })),
    );
  }

  /**
   * The fan-out of many events, of any workspace, in one unordered insert: one pending delivery,
   * due now, per (event, subscription) pair. Pairs that have a delivery already are rejected by
   * the unique (event, subscription) index and skipped, so a fan-out repeated after a crash, or
   * run by two dispatchers at once, creates each delivery once.
   */
  async createManyAcrossWorkspaces(deliveries: readonly NewDelivery[]): Promise<{ created: number }> {
    const now = this.clock();
    const { inserted } = await this.records.insertManyAcrossWorkspacesCountingDuplicates(
      deliveries.map(({ workspaceId, eventId, subscription }) => ({
        _id: newId('delivery'),
        workspaceId,
        eventId,
        subscriptionId: subscription.id,
        url: subscription.url,
        status: 'pending' as const,
        attempts: 0,
        nextAttemptAt: now,
        leaseOwner: null,
        leaseUntil: null,
        leaseToken: null,
        log: [],
        createdAt: now,
        updatedAt: now,
        deliveredAt: null,
        failedAt: null,
        failureReason: null,
      })),
      // Each record is complete in the stored shape: mongoose's casting of them was most of the
      // fan-out's work on the dispatcher's thread.
      { stored: true },
    );
    return { created: inserted.length };
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
}
