import type { EventType } from '@outreach/domain';
import type { OutboxEvent } from '../delivery/webhook-envelope.js';
import type { AttemptRecord, DispatchStore, FailureReason } from '../ports/dispatch-store.port.js';

/** A delivery as tests inspect it, whichever store keeps it. */
export interface DeliveryView {
  id: string;
  eventId: string;
  subscriptionId: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date | null;
  leaseOwner: string | null;
  failureReason: FailureReason | null;
  attemptLog: AttemptRecord[];
}

export interface SubscriptionSeed {
  workspaceId: string;
  url: string;
  type: EventType;
  createdAt: Date;
}

/**
 * A store plus the seeding and inspection the dispatcher itself never needs, so the same scenarios
 * run against the in-memory store and against MongoDB through the data layer.
 */
export interface DispatchHarness {
  readonly store: DispatchStore;
  /** Subscribes `url` to `type`; returns the subscription id and its `whsec_` secret. */
  subscribe(seed: SubscriptionSeed): Promise<{ id: string; secret: string }>;
  /** Writes the event to the outbox; returns it as stored (the store may derive its id). */
  publish(event: OutboxEvent): Promise<OutboxEvent>;
  deliveries(): Promise<DeliveryView[]>;
  hasSubscription(workspaceId: string, subscriptionId: string): Promise<boolean>;
  close(): Promise<void>;
}
