import { eventId, LIMITS, type EventType } from '@outreach/domain';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { leaseEnd, leaseFree, type LeaseRequest } from '../common/lease.js';
import { toOutboxEvent, type OutboxEvent } from './event.entity.js';
import type { EventRecord } from './event.schema.js';

export interface NewEvent {
  type: EventType;
  /** Names the real transition, e.g. `<leadId>:<stepId>`; the id is derived from type and key. */
  transitionKey: string;
  data: Record<string, unknown>;
  timestamp: Date;
}

export class EventRepository {
  constructor(
    private readonly records: ScopedModel<EventRecord>,
    private readonly clock: () => Date,
  ) {}

  /**
   * Writes an event to the outbox. Its id is derived from its type and transition key, so
   * recording a transition again is a no-op that returns the stored event with `created: false`.
   */
  async insert(workspaceId: WorkspaceId, input: NewEvent): Promise<{ event: OutboxEvent; created: boolean }> {
    const id = eventId(input.type, input.transitionKey);
    const now = this.clock();
    try {
      const record = await this.records.insertOne(workspaceId, {
        _id: id,
        type: input.type,
        data: input.data,
        timestamp: input.timestamp,
        fanOutAfter: now,
        leaseOwner: null,
        leaseUntil: null,
        createdAt: now,
      });
      return { event: toOutboxEvent(record), created: true };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await this.records.findOne(workspaceId, { _id: id });
      // The same id in another workspace would mean a transition key that is not unique: a bug
      // in the caller, not an idempotent repeat, so it is reported rather than hidden.
      if (!existing) throw error;
      return { event: toOutboxEvent(existing), created: false };
    }
  }

  async get(workspaceId: WorkspaceId, id: string): Promise<OutboxEvent | null> {
    const record = await this.records.findOne(workspaceId, { _id: id });
    return record ? toOutboxEvent(record) : null;
  }

  /** The workspace's latest events of a type, newest first (the samples endpoint). */
  async listRecentByType(
    workspaceId: WorkspaceId,
    type: EventType,
    limit: number = LIMITS.performListMax,
  ): Promise<OutboxEvent[]> {
    const records = await this.records.find(
      workspaceId,
      { type },
      { sort: { timestamp: -1, _id: -1 }, limit },
    );
    return records.map(toOutboxEvent);
  }

  /**
   * The dispatcher's claim of an event to fan out, unscoped by nature (one dispatcher serves
   * every workspace): the oldest event not yet fanned out whose lease is free, leased in one
   * findOneAndUpdate. The event carries its workspaceId.
   */
  async claimForFanOutAcrossWorkspaces(lease: LeaseRequest): Promise<OutboxEvent | null> {
    const record = await this.records.acrossWorkspaces
      .findOneAndUpdate(
        { fanOutAfter: { $lte: lease.now }, leaseUntil: leaseFree(lease.now) },
        { $set: { leaseOwner: lease.owner, leaseUntil: leaseEnd(lease) } },
        { sort: { fanOutAfter: 1 }, returnDocument: 'after' },
      )
      .lean<EventRecord>()
      .exec();
    return record ? toOutboxEvent(record) : null;
  }

  /** The event's deliveries exist; it leaves the fan-out queue. False if the lease was lost. */
  async markFannedOut(workspaceId: WorkspaceId, id: string, owner: string): Promise<boolean> {
    const result = await this.records.updateOne(
      workspaceId,
      { _id: id, leaseOwner: owner },
      { $unset: { fanOutAfter: 1 }, $set: { leaseOwner: null, leaseUntil: null } },
    );
    return result.matched === 1;
  }
}
