import { Types, type Model, type QueryFilter } from 'mongoose';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import { leaseEnd, leaseFree, type LeaseRequest } from '../common/lease.js';
import { toStoredProviderEvent, type StoredProviderEvent } from './provider-event.entity.js';
import {
  CONSUMED_EVENT_RETENTION_MS,
  type ProviderEventRecord,
  type ProviderEventType,
} from './provider-event.schema.js';

export interface NewProviderEvent {
  /** The provider's stable event id; null for states (account status, hosted-auth callbacks). */
  eventId: string | null;
  provider: string;
  type: ProviderEventType;
  providerAccountId: string;
  data: Record<string, unknown>;
  receivedAt: Date;
}

function isCompleteEventId(id: string): boolean {
  return id.trim() !== '' && id.split(':').every((part) => part.trim() !== '');
}

/**
 * The durable inbox of provider events. Unscoped by nature: events arrive keyed by the provider's
 * account id, and the consumer finds the workspace through the sender account that holds it.
 */
export class ProviderEventRepository {
  constructor(private readonly model: Model<ProviderEventRecord>) {}

  /**
   * Stores an event once. An event with an id that is already stored (a redelivery, or a webhook
   * and a reconciliation poll finding the same relation) is left as it was: `created` is false.
   * A state is always stored, under a fresh id that sorts after every earlier one of this process.
   */
  async record(event: NewProviderEvent): Promise<{ event: StoredProviderEvent; created: boolean }> {
    // An id with an empty part (`unipile:message:` from a null message id) would make every such
    // event one: the second would be taken for a redelivery of the first and never handled.
    if (event.eventId !== null && !isCompleteEventId(event.eventId)) {
      throw new RangeError(`provider event id ${JSON.stringify(event.eventId)} has an empty part`);
    }
    const id = event.eventId ?? `state:${new Types.ObjectId().toHexString()}`;
    try {
      const [record] = await this.model.insertMany([
        {
          _id: id,
          provider: event.provider,
          type: event.type,
          providerAccountId: event.providerAccountId,
          data: event.data,
          receivedAt: event.receivedAt,
          consumedAt: null,
          expiresAt: null,
          leaseOwner: null,
          leaseUntil: null,
          attempts: 0,
        },
      ]);
      if (!record) throw new Error(`provider event ${id} was not stored`);
      return { event: toStoredProviderEvent(record.toObject<ProviderEventRecord>()), created: true };
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      const existing = await this.get(id);
      if (!existing) throw error;
      return { event: existing, created: false };
    }
  }

  async get(id: string): Promise<StoredProviderEvent | null> {
    const record = await this.model.findById(id).lean<ProviderEventRecord>().exec();
    return record ? toStoredProviderEvent(record) : null;
  }

  /**
   * Claims the oldest unconsumed event (of `providerAccountIds` when given) whose lease is free,
   * with one atomic update that sets the lease and counts the attempt. Null when none is waiting.
   */
  async claimNext(
    lease: LeaseRequest,
    filter: { providerAccountIds?: readonly string[]; types?: readonly ProviderEventType[] } = {},
  ): Promise<StoredProviderEvent | null> {
    const query: QueryFilter<ProviderEventRecord> = {
      consumedAt: null,
      leaseUntil: leaseFree(lease.now),
    };
    if (filter.providerAccountIds) query.providerAccountId = { $in: [...filter.providerAccountIds] };
    if (filter.types) query.type = { $in: [...filter.types] };
    const record = await this.model
      .findOneAndUpdate(
        query,
        { $set: { leaseOwner: lease.owner, leaseUntil: leaseEnd(lease) }, $inc: { attempts: 1 } },
        { sort: { receivedAt: 1, _id: 1 }, returnDocument: 'after' },
      )
      .lean<ProviderEventRecord>()
      .exec();
    return record ? toStoredProviderEvent(record) : null;
  }

  /**
   * The event was applied: it leaves the inbox for good, and is removed a week later. Without `owner` (an event applied as it
   * arrived, never claimed) only an unclaimed event is marked. False when the claim was lost.
   */
  async markConsumed(id: string, at: Date, owner: string | null = null): Promise<boolean> {
    const result = await this.model
      .updateOne(
        { _id: id, consumedAt: null, leaseOwner: owner },
        {
          $set: {
            consumedAt: at,
            expiresAt: new Date(at.getTime() + CONSUMED_EVENT_RETENTION_MS),
            leaseOwner: null,
            leaseUntil: null,
          },
        },
      )
      .exec();
    return result.matchedCount === 1;
  }

  /** Hands a claimed event back (it could not be applied now); claimable again at `retryAt`. */
  async release(id: string, owner: string, retryAt: Date | null = null): Promise<boolean> {
    const result = await this.model
      .updateOne(
        { _id: id, consumedAt: null, leaseOwner: owner },
        // A future lease with no owner keeps everyone off until `retryAt`.
        { $set: { leaseOwner: null, leaseUntil: retryAt } },
      )
      .exec();
    return result.matchedCount === 1;
  }

  /** How many events wait for a consumer (health and tests). */
  countPending(providerAccountId?: string): Promise<number> {
    const query: QueryFilter<ProviderEventRecord> = { consumedAt: null };
    if (providerAccountId !== undefined) query.providerAccountId = providerAccountId;
    return this.model.countDocuments(query).exec();
  }
}
