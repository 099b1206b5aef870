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
  /** The traced work writing it (its W3C `traceparent`), so its deliveries link to it. */
  traceparent?: string | null;
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
        ...(input.traceparent ? { traceparent: input.traceparent } : {}),
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

  /**
   * The fan-out's claim of many events at once, unscoped by nature: up to `limit` of the oldest
   * events not fanned out yet whose lease is free, leased to `lease.owner` in two round trips (the
   * read of the candidates, one `updateMany` leasing those still free), three when another
   * claimer took some of them meanwhile (one read of what this claim holds). Events never change
   * once written, so the candidates read are the events claimed.
   */
  async claimBatchForFanOutAcrossWorkspaces(lease: LeaseRequest, limit: number): Promise<OutboxEvent[]> {
    if (limit <= 0) return [];
    const free = { fanOutAfter: { $lte: lease.now }, leaseUntil: leaseFree(lease.now) };
    const candidates = await this.records.acrossWorkspaces
      .find(free)
      .sort({ fanOutAfter: 1 })
      .limit(limit)
      .lean<EventRecord[]>()
      .exec();
    if (candidates.length === 0) return [];
    const leaseUntil = leaseEnd(lease);
    const ids = candidates.map((candidate) => candidate._id);
    const { matchedCount } = await this.records.acrossWorkspaces
      .updateMany({ ...free, _id: { $in: ids } }, { $set: { leaseOwner: lease.owner, leaseUntil } })
      .exec();
    if (matchedCount === candidates.length) return candidates.map(toOutboxEvent);
    const held = await this.records.acrossWorkspaces
      .find({ _id: { $in: ids }, leaseOwner: lease.owner, leaseUntil }, { _id: 1 })
      .lean<Array<{ _id: string }>>()
      .exec();
    const heldIds = new Set(held.map((record) => record._id));
    return candidates.filter((candidate) => heldIds.has(candidate._id)).map(toOutboxEvent);
  }

  /**
   * The deliveries of these events (of any workspace) exist: those still leased to `owner` leave
   * the fan-out queue, in one `updateMany`. Returns how many did.
   */
  async markManyFannedOutAcrossWorkspaces(
    events: ReadonlyArray<{ workspaceId: WorkspaceId; id: string }>,
    owner: string,
  ): Promise<number> {
    if (events.length === 0) return 0;
    const result = await this.records.acrossWorkspaces
      .updateMany(
        {
          _id: { $in: events.map((event) => event.id) },
          workspaceId: { $in: [...new Set(events.map((event) => event.workspaceId))] },
          leaseOwner: owner,
        },
        { $unset: { fanOutAfter: 1 }, $set: { leaseOwner: null, leaseUntil: null } },
      )
      .exec();
    return result.matchedCount;
  }

  /**
   * The events named (of any workspace) in one read; an id found under another workspace than the
   * one it is asked for is left out, as if missing.
   */
  async getManyAcrossWorkspaces(
    refs: ReadonlyArray<{ workspaceId: WorkspaceId; id: string }>,
  ): Promise<OutboxEvent[]> {
    if (refs.length === 0) return [];
    const wanted = new Map(refs.map((ref) => [ref.id, ref.workspaceId]));
    const records = await this.records.acrossWorkspaces
      .find({ _id: { $in: [...wanted.keys()] } })
      .lean<EventRecord[]>()
      .exec();
    return records.filter((record) => wanted.get(record._id) === record.workspaceId).map(toOutboxEvent);
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
