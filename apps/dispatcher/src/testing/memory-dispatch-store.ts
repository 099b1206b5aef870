import { randomBytes } from 'node:crypto';
import type { EventType } from '@outreach/domain';
import type { Clock } from '@outreach/network';
import type { OutboxEvent } from '../delivery/webhook-envelope.js';
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
import type { DeliveryView, DispatchHarness, SubscriptionSeed } from './dispatch-harness.js';
import { SortedQueue } from './sorted-queue.js';

interface MemorySubscription extends DeliveryTarget {
  workspaceId: string;
  type: EventType;
  createdAt: Date;
}

interface MemoryDelivery extends DeliveryView {
  workspaceId: string;
  leaseUntil: Date | null;
  /** The claim that leased it last; kept after the settlement, as the data layer does. */
  leaseToken: string | null;
}

const hex24 = (): string => randomBytes(12).toString('hex');
export const newSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;

/**
 * The dispatch port kept in memory, with the same semantics the MongoDB adapter must have
 * (conditional writes on the lease, unique delivery per event and subscription). Test use only.
 */
interface MemoryEvent extends OutboxEvent {
  leaseOwner: string | null;
  leaseUntil: Date | null;
}

export class MemoryDispatchStore implements DispatchStore {
  readonly events = new Map<string, MemoryEvent>();
  readonly subscriptions = new Map<string, MemorySubscription>();
  readonly deliveries = new Map<string, MemoryDelivery>();
  /** The unique (event, subscription) key of every delivery. */
  private readonly deliveryKeys = new Set<string>();
  /** Events not fanned out (by time) and pending deliveries (by due time): what claims look at. */
  private readonly unfannedEvents = new SortedQueue<MemoryEvent>();
  private readonly pendingDeliveries = new SortedQueue<MemoryDelivery>();

  constructor(private readonly clock: Clock) {}

  async claimEventsForFanOut({ now, leaseMs, owner }: Lease, limit: number): Promise<OutboxEvent[]> {
    const free = (e: MemoryEvent): boolean => e.leaseUntil === null || e.leaseUntil <= now;
    const events = this.unfannedEvents.take(Number.POSITIVE_INFINITY, free, limit);
    for (const event of events) {
      event.leaseOwner = owner;
      event.leaseUntil = new Date(now.getTime() + leaseMs);
    }
    return events.map(toOutboxEvent);
  }

  async subscriptionsFor(keys: readonly SubscriptionKey[]): Promise<FanOutSubscription[]> {
    const wanted = new Set(keys.map((k) => `${k.workspaceId}|${k.type}`));
    return [...this.subscriptions.values()]
      .filter((s) => wanted.has(`${s.workspaceId}|${s.type}`))
      .map((s) => ({
        id: s.subscriptionId,
        url: s.url,
        workspaceId: s.workspaceId,
        type: s.type,
        createdAt: s.createdAt,
      }));
  }

  async createDeliveries(pairs: readonly DeliveryPair[]): Promise<void> {
    for (const { event, subscription } of pairs) {
      const key = `${event.id}:${subscription.id}`;
      if (this.deliveryKeys.has(key)) continue;
      this.deliveryKeys.add(key);
      const id = `dlv_${hex24()}`;
      const delivery: MemoryDelivery = {
        id,
        workspaceId: event.workspaceId,
        eventId: event.id,
        subscriptionId: subscription.id,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: this.clock(),
        leaseOwner: null,
        leaseUntil: null,
        leaseToken: null,
        failureReason: null,
        attemptLog: [],
      };
      this.deliveries.set(id, delivery);
      this.pendingDeliveries.insert(delivery, (delivery.nextAttemptAt as Date).getTime());
    }
  }

  async markFannedOut(events: readonly OutboxEvent[], owner: string): Promise<number> {
    let marked = 0;
    for (const { id, workspaceId } of events) {
      const event = this.events.get(id);
      if (!event || event.workspaceId !== workspaceId || event.leaseOwner !== owner) continue;
      Object.assign(event, { leaseOwner: null, leaseUntil: null });
      this.unfannedEvents.remove(event);
      marked += 1;
    }
    return marked;
  }

  async claimDue({
    now,
    leaseMs,
    owner,
    limit,
    perSubscriptionLimit,
    heldBySubscription,
  }: ClaimRequest): Promise<ClaimedDelivery[]> {
    const taken = new Map(heldBySubscription);
    const leaseToken = hex24();
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const due = this.pendingDeliveries.take(
      now.getTime(),
      (d) => {
        const held = taken.get(d.subscriptionId) ?? 0;
        if ((d.leaseUntil !== null && d.leaseUntil > now) || held >= perSubscriptionLimit) return false;
        taken.set(d.subscriptionId, held + 1);
        return true;
      },
      limit,
    );
    return due.map((d) => {
      Object.assign(d, { attempts: d.attempts + 1, leaseOwner: owner, leaseUntil, leaseToken });
      const { id, workspaceId, eventId, subscriptionId } = d;
      const attempt = d.attemptLog.length + 1;
      return { id, workspaceId, eventId, subscriptionId, attempt, owner, leaseUntil, leaseToken };
    });
  }

  async loadEvents(refs: readonly EventRef[]): Promise<Map<string, OutboxEvent>> {
    const found = new Map<string, OutboxEvent>();
    for (const { workspaceId, eventId } of refs) {
      const event = this.events.get(eventId);
      if (event && event.workspaceId === workspaceId) found.set(eventId, toOutboxEvent(event));
    }
    return found;
  }

  async loadTargets(refs: readonly SubscriptionRefKey[]): Promise<Map<string, DeliveryTarget>> {
    const found = new Map<string, DeliveryTarget>();
    for (const { workspaceId, subscriptionId } of refs) {
      const sub = this.subscriptions.get(subscriptionId);
      if (sub && sub.workspaceId === workspaceId)
        found.set(subscriptionId, { subscriptionId, url: sub.url, secret: sub.secret });
    }
    return found;
  }

  async settle(settlements: readonly Settlement[]): Promise<boolean[]> {
    return settlements.map(({ claim, attempt, outcome }) => {
      const delivery = this.held(claim);
      if (!delivery) return false;
      switch (outcome.status) {
        case 'delivered':
          return this.conclude(delivery, attempt, { status: 'delivered', nextAttemptAt: null });
        case 'pending':
          return this.conclude(delivery, attempt, { nextAttemptAt: outcome.nextAttemptAt });
        case 'failed':
          return this.conclude(delivery, attempt, {
            status: 'failed',
            nextAttemptAt: null,
            failureReason: outcome.reason,
          });
        case 'released':
          // The claim handed back does not count as an attempt.
          return this.conclude(delivery, null, {
            nextAttemptAt: outcome.nextAttemptAt,
            attempts: delivery.attempts - 1,
          });
      }
    });
  }

  async removeSubscription(workspaceId: string, subscriptionId: string): Promise<void> {
    if (this.subscriptions.get(subscriptionId)?.workspaceId === workspaceId)
      this.subscriptions.delete(subscriptionId);
  }

  private held(claim: ClaimedDelivery): MemoryDelivery | null {
    const delivery = this.deliveries.get(claim.id);
    const holds =
      delivery?.status === 'pending' &&
      delivery.leaseOwner === claim.owner &&
      delivery.leaseToken === claim.leaseToken;
    return holds ? delivery : null;
  }

  private conclude(
    delivery: MemoryDelivery,
    attempt: AttemptRecord | null,
    changes: Partial<MemoryDelivery>,
  ): boolean {
    if (attempt) delivery.attemptLog.push(attempt);
    Object.assign(delivery, { leaseOwner: null, leaseUntil: null }, changes);
    this.pendingDeliveries.remove(delivery);
    if (delivery.status === 'pending' && delivery.nextAttemptAt) {
      this.pendingDeliveries.insert(delivery, delivery.nextAttemptAt.getTime());
    }
    return true;
  }

  /** Writes an event to the outbox (a no-op when its id is already there). */
  addEvent(event: OutboxEvent): void {
    if (this.events.has(event.id)) return;
    const stored: MemoryEvent = { ...event, leaseOwner: null, leaseUntil: null };
    this.events.set(event.id, stored);
    this.unfannedEvents.insert(stored, event.occurredAt.getTime());
  }
}

function toOutboxEvent({ id, type, workspaceId, occurredAt, data }: MemoryEvent): OutboxEvent {
  return { id, type, workspaceId, occurredAt, data };
}

/** The harness over a fresh in-memory store whose records take their times from `clock`. */
export function memoryHarness(clock: Clock): DispatchHarness {
  const store = new MemoryDispatchStore(clock);
  return {
    store,
    async subscribe(seed: SubscriptionSeed) {
      const id = `sub_${hex24()}`;
      const secret = newSecret();
      store.subscriptions.set(id, { ...seed, subscriptionId: id, secret });
      return { id, secret };
    },
    async publish(event) {
      store.addEvent(event);
      return event;
    },
    async deliveries() {
      return [...store.deliveries.values()].map(
        ({ workspaceId: _w, leaseUntil: _l, leaseToken: _t, ...view }) => ({
          ...view,
          attemptLog: [...view.attemptLog],
        }),
      );
    },
    async hasSubscription(workspaceId, subscriptionId) {
      return store.subscriptions.get(subscriptionId)?.workspaceId === workspaceId;
    },
    async close() {},
  };
}
