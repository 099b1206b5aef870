import {
  asWorkspaceId,
  type Db,
  type Delivery,
  type DeliveryAttemptInput,
  type DeliverySettlement,
  type OutboxEvent as DbOutboxEvent,
} from '@outreach/db';
import type { OutboxEvent } from '../delivery/webhook-envelope.js';
import { HealthWriter } from './health-writer.js';
import type {
  AttemptRecord,
  ClaimedDelivery,
  ClaimRequest,
  DeliveryPair,
  DeliveryTarget,
  DispatchStore,
  EventRef,
  FanOutSubscription,
  Lease,
  Settlement,
  SubscriptionKey,
  SubscriptionRefKey,
} from '../ports/dispatch-store.port.js';

/**
 * Events kept in memory, per generation of the cache; they never change once written, so a cached
 * copy is never stale. Two generations hold between one and two times this many, several fan-out
 * batches ahead of the claims.
 */
const EVENT_CACHE_GENERATION = 8_192;

/**
 * The dispatch port over the `@outreach/db` repositories (events, subscriptions, deliveries). Each
 * port call is a fixed number of database round trips, whatever the size of its batch.
 */
export class DbDispatchStore implements DispatchStore {
  /**
   * Events this process fanned out or sent lately, so their deliveries skip reading them: the
   * current generation, and the one before it. A full generation replaces the one before, so no
   * entry is deleted one by one (finding and deleting the oldest entry at every event took 7 µs a
   * time in a profile of the benchmark).
   */
  private recentEvents = new Map<string, OutboxEvent>();
  private olderEvents = new Map<string, OutboxEvent>();

  private readonly health: HealthWriter;

  constructor(private readonly db: Db) {
    this.health = new HealthWriter(db);
  }

  async claimEventsForFanOut(lease: Lease, limit: number): Promise<OutboxEvent[]> {
    const events = await this.db.events.claimBatchForFanOutAcrossWorkspaces(lease, limit);
    return events.map((event) => this.remember(fromDbEvent(event)));
  }

  async subscriptionsFor(keys: readonly SubscriptionKey[]): Promise<FanOutSubscription[]> {
    const subscriptions = await this.db.webhookSubscriptions.listByTypesAcrossWorkspaces(
      keys.map((key) => ({ workspaceId: asWorkspaceId(key.workspaceId), type: key.type })),
    );
    return subscriptions.map((s) => ({
      id: s.id,
      url: s.url,
      workspaceId: s.workspaceId,
      type: s.type,
      createdAt: s.createdAt,
    }));
  }

  async createDeliveries(pairs: readonly DeliveryPair[]): Promise<void> {
    if (pairs.length === 0) return;
    await this.db.deliveries.createManyAcrossWorkspaces(
      pairs.map(({ event, subscription }) => ({
        workspaceId: asWorkspaceId(event.workspaceId),
        eventId: event.id,
        subscription,
      })),
    );
  }

  markFannedOut(events: readonly OutboxEvent[], owner: string): Promise<number> {
    return this.db.events.markManyFannedOutAcrossWorkspaces(
      events.map((event) => ({ workspaceId: asWorkspaceId(event.workspaceId), id: event.id })),
      owner,
    );
  }

  async claimDue({
    limit,
    perSubscriptionLimit,
    heldBySubscription,
    ...lease
  }: ClaimRequest): Promise<ClaimedDelivery[]> {
    const { leaseToken, deliveries } = await this.db.deliveries.claimDueBatchAcrossWorkspaces(lease, {
      limit,
      perSubscriptionLimit,
      heldBySubscription,
    });
    return deliveries.map((delivery) => toClaim(delivery, lease.owner, leaseToken));
  }

  async loadEvents(refs: readonly EventRef[]): Promise<Map<string, OutboxEvent>> {
    const found = new Map<string, OutboxEvent>();
    const missing: EventRef[] = [];
    for (const ref of refs) {
      const cached = this.recentEvents.get(ref.eventId) ?? this.olderEvents.get(ref.eventId);
      if (cached?.workspaceId === ref.workspaceId) found.set(ref.eventId, cached);
      else missing.push(ref);
    }
    const read = await this.db.events.getManyAcrossWorkspaces(
      missing.map((ref) => ({ workspaceId: asWorkspaceId(ref.workspaceId), id: ref.eventId })),
    );
    for (const event of read) found.set(event.id, this.remember(fromDbEvent(event)));
    return found;
  }

  async loadTargets(refs: readonly SubscriptionRefKey[]): Promise<Map<string, DeliveryTarget>> {
    const subscriptions = await this.db.webhookSubscriptions.getManyAcrossWorkspaces(
      refs.map((ref) => ({ workspaceId: asWorkspaceId(ref.workspaceId), id: ref.subscriptionId })),
    );
    return new Map(subscriptions.map((s) => [s.id, { subscriptionId: s.id, url: s.url, secret: s.secret }]));
  }

  /**
   * Writes the settlements in one command of conditional updates, then hands the attempts to the health
   * writer, which writes the subscriptions' health (last success, failures in a row) a few times a
   * second at most (see `HealthWriter`). Health is informative only: the deliveries are settled
   * already, so a failed health write must not make the dispatcher treat them as unsettled.
   */
  async settle(settlements: readonly Settlement[]): Promise<boolean[]> {
    const written = await this.db.deliveries.settleManyAcrossWorkspaces(settlements.map(toDbSettlement));
    const attempted = settlements.flatMap(({ claim, attempt, outcome }, index) =>
      written[index] === true && attempt !== null
        ? [
            {
              workspaceId: asWorkspaceId(claim.workspaceId),
              id: claim.subscriptionId,
              succeeded: outcome.status === 'delivered',
              at: new Date(attempt.startedAt.getTime() + attempt.durationMs),
            },
          ]
        : [],
    );
    this.health.record(attempted);
    return written;
  }

  /** Writes the health that waits for its turn. */
  flush(): Promise<void> {
    return this.health.flush();
  }

  async removeSubscription(workspaceId: string, subscriptionId: string): Promise<void> {
    await this.db.webhookSubscriptions.remove(asWorkspaceId(workspaceId), subscriptionId);
  }

  private remember(event: OutboxEvent): OutboxEvent {
    if (this.recentEvents.size >= EVENT_CACHE_GENERATION) {
      this.olderEvents = this.recentEvents;
      this.recentEvents = new Map();
    }
    this.recentEvents.set(event.id, event);
    return event;
  }
}

function fromDbEvent(event: DbOutboxEvent): OutboxEvent {
  return {
    id: event.id,
    type: event.type,
    workspaceId: event.workspaceId,
    occurredAt: event.timestamp,
    data: event.data,
    ...(event.traceparent ? { traceparent: event.traceparent } : {}),
  };
}

function toClaim(delivery: Delivery, owner: string, leaseToken: string): ClaimedDelivery {
  return {
    id: delivery.id,
    workspaceId: delivery.workspaceId,
    eventId: delivery.eventId,
    subscriptionId: delivery.subscriptionId,
    attempt: delivery.log.length + 1,
    owner,
    leaseUntil: delivery.leaseUntil ?? new Date(0),
    leaseToken,
  };
}

function toDbSettlement({ claim, attempt, outcome }: Settlement): DeliverySettlement {
  return {
    workspaceId: asWorkspaceId(claim.workspaceId),
    id: claim.id,
    owner: claim.owner,
    leaseToken: claim.leaseToken,
    attempt: attempt ? toDbAttempt(attempt) : null,
    outcome,
  };
}

function toDbAttempt(attempt: AttemptRecord): DeliveryAttemptInput {
  return {
    attempt: attempt.attempt,
    at: attempt.startedAt,
    statusCode: attempt.statusCode,
    responseBody: attempt.responseBody,
    error: attempt.error,
    durationMs: attempt.durationMs,
  };
}
