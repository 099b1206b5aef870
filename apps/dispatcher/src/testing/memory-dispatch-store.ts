import { randomBytes } from 'node:crypto';
import type { EventType } from '@outreach/domain';
import type { Clock } from '@outreach/network';
import type { OutboxEvent } from '../delivery/webhook-envelope.js';
import type {
  AttemptRecord,
  ClaimedDelivery,
  ClaimRequest,
  DeliveryTarget,
  DispatchStore,
  FailureReason,
  Lease,
  SubscriptionRef,
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

  async claimEventForFanOut({ now, leaseMs, owner }: Lease): Promise<OutboxEvent | null> {
    const free = (e: MemoryEvent): boolean => e.leaseUntil === null || e.leaseUntil <= now;
    const oldest = this.unfannedEvents.find(Number.POSITIVE_INFINITY, free);
    if (oldest === undefined) return null;
    oldest.leaseOwner = owner;
    oldest.leaseUntil = new Date(now.getTime() + leaseMs);
    return toOutboxEvent(oldest);
  }

  async subscriptionsFor(workspaceId: string, type: EventType, existedAt: Date): Promise<SubscriptionRef[]> {
    return [...this.subscriptions.values()]
      .filter((s) => s.workspaceId === workspaceId && s.type === type && s.createdAt <= existedAt)
      .map((s) => ({ id: s.subscriptionId, url: s.url }));
  }

  async createDeliveries(event: OutboxEvent, subscriptions: readonly SubscriptionRef[]): Promise<void> {
    for (const { id: subscriptionId } of subscriptions) {
      const key = `${event.id}:${subscriptionId}`;
      if (this.deliveryKeys.has(key)) continue;
      this.deliveryKeys.add(key);
      const id = `dlv_${hex24()}`;
      const delivery: MemoryDelivery = {
        id,
        workspaceId: event.workspaceId,
        eventId: event.id,
        subscriptionId,
        status: 'pending',
        attempts: 0,
        nextAttemptAt: this.clock(),
        leaseOwner: null,
        leaseUntil: null,
        failureReason: null,
        attemptLog: [],
      };
      this.deliveries.set(id, delivery);
      this.pendingDeliveries.insert(delivery, (delivery.nextAttemptAt as Date).getTime());
    }
  }

  async markFannedOut(workspaceId: string, eventId: string, owner: string): Promise<boolean> {
    const event = this.events.get(eventId);
    if (!event || event.workspaceId !== workspaceId || event.leaseOwner !== owner) return false;
    Object.assign(event, { leaseOwner: null, leaseUntil: null });
    this.unfannedEvents.remove(event);
    return true;
  }

  async claimDue({
    now,
    leaseMs,
    owner,
    excludeSubscriptionIds,
  }: ClaimRequest): Promise<ClaimedDelivery | null> {
    const excluded = new Set(excludeSubscriptionIds);
    const due = this.pendingDeliveries.find(
      now.getTime(),
      (d) => (d.leaseUntil === null || d.leaseUntil <= now) && !excluded.has(d.subscriptionId),
    );
    if (due === undefined) return null;
    due.attempts += 1;
    due.leaseOwner = owner;
    due.leaseUntil = new Date(now.getTime() + leaseMs);
    const { id, workspaceId, eventId, subscriptionId } = due;
    const attempt = due.attemptLog.length + 1;
    return { id, workspaceId, eventId, subscriptionId, attempt, owner, leaseUntil: due.leaseUntil };
  }

  async loadEvent(workspaceId: string, eventId: string): Promise<OutboxEvent | null> {
    const event = this.events.get(eventId);
    return event && event.workspaceId === workspaceId ? toOutboxEvent(event) : null;
  }

  async loadTarget(workspaceId: string, subscriptionId: string): Promise<DeliveryTarget | null> {
    const sub = this.subscriptions.get(subscriptionId);
    if (!sub || sub.workspaceId !== workspaceId) return null;
    return { subscriptionId, url: sub.url, secret: sub.secret };
  }

  async markDelivered(claim: ClaimedDelivery, attempt: AttemptRecord, _at: Date): Promise<boolean> {
    return this.conclude(claim, attempt, { status: 'delivered', nextAttemptAt: null });
  }

  async scheduleRetry(claim: ClaimedDelivery, attempt: AttemptRecord, nextAttemptAt: Date): Promise<boolean> {
    return this.conclude(claim, attempt, { nextAttemptAt });
  }

  async markFailed(
    claim: ClaimedDelivery,
    attempt: AttemptRecord | null,
    reason: FailureReason,
    _at: Date,
  ): Promise<boolean> {
    return this.conclude(claim, attempt, { status: 'failed', nextAttemptAt: null, failureReason: reason });
  }

  async release(claim: ClaimedDelivery, now: Date): Promise<boolean> {
    const delivery = this.held(claim);
    // The claim handed back does not count as an attempt.
    return this.conclude(claim, null, { nextAttemptAt: now, attempts: (delivery?.attempts ?? 1) - 1 });
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
      delivery.leaseUntil?.getTime() === claim.leaseUntil.getTime();
    return holds ? delivery : null;
  }

  private conclude(
    claim: ClaimedDelivery,
    attempt: AttemptRecord | null,
    changes: Partial<MemoryDelivery>,
  ): boolean {
    const delivery = this.held(claim);
    if (!delivery) return false;
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
      return [...store.deliveries.values()].map(({ workspaceId: _w, leaseUntil: _l, ...view }) => ({
        ...view,
        attemptLog: [...view.attemptLog],
      }));
    },
    async hasSubscription(workspaceId, subscriptionId) {
      return store.subscriptions.get(subscriptionId)?.workspaceId === workspaceId;
    },
    async close() {},
  };
}
