import { DELIVERY_FAILURE_REASONS, type DeliveryFailureReason, type EventType } from '@outreach/domain';
import type { OutboxEvent } from '../delivery/webhook-envelope.js';

/**
 * What the dispatcher needs from storage. The process wires it to the `@outreach/db` repositories
 * (see `adapters/`); tests can also use the in-memory version in `testing/`. Every call takes or
 * returns a batch, so the database round trips of a pass do not grow with the work in it. Every
 * write that concludes an attempt is conditional on the caller still holding the lease of that
 * claim, so a dispatcher whose lease expired cannot overwrite the work of the one that took the
 * delivery over.
 */
export interface DispatchStore {
  /**
   * Atomically takes up to `limit` of the oldest events (of any workspace) whose deliveries have
   * not been created yet, leasing them to `lease.owner`; none when there are none.
   */
  claimEventsForFanOut(lease: Lease, limit: number): Promise<OutboxEvent[]>;
  /** The subscriptions to each (workspace, type) pair, with when each was created. */
  subscriptionsFor(keys: readonly SubscriptionKey[]): Promise<FanOutSubscription[]>;
  /** One delivery per (event, subscription) pair, due at once; existing pairs are skipped. */
  createDeliveries(pairs: readonly DeliveryPair[]): Promise<void>;
  /** The events leave the fan-out queue, those still leased to `owner`; returns how many did. */
  markFannedOut(events: readonly OutboxEvent[], owner: string): Promise<number>;

  /**
   * Atomically takes up to `request.limit` due deliveries (pending, `nextAttemptAt <= now`, no
   * live lease), most overdue first, never more of one subscription than its room under
   * `perSubscriptionLimit` (what this process holds counts: `heldBySubscription`), leasing them to
   * `owner` until `now + leaseMs` under one fresh lease token (each claim is counted).
   */
  claimDue(request: ClaimRequest): Promise<ClaimedDelivery[]>;
  /** The events named, by id; a missing one (or one of another workspace) is absent. */
  loadEvents(refs: readonly EventRef[]): Promise<Map<string, OutboxEvent>>;
  /** The subscriptions named, by id; a removed one (or one of another workspace) is absent. */
  loadTargets(refs: readonly SubscriptionRefKey[]): Promise<Map<string, DeliveryTarget>>;

  /**
   * Records each attempt and settles its delivery (or hands the claim back), each in one
   * conditional write; per settlement, false when the lease was lost (nothing written for it).
   */
  settle(settlements: readonly Settlement[]): Promise<boolean[]>;

  /**
   * Writes what the store holds back after `settle` returned (informative writes such as the
   * subscriptions' health). The dispatcher calls it when it has settled everything, and so when it
   * stops.
   */
  flush?(): Promise<void>;

  /** Deletes a subscription whose receiver answered 410 Gone. */
  removeSubscription(workspaceId: string, subscriptionId: string): Promise<void>;
}

export interface SubscriptionKey {
  workspaceId: string;
  type: EventType;
}

export interface FanOutSubscription extends SubscriptionRef {
  workspaceId: string;
  type: EventType;
  createdAt: Date;
}

export interface DeliveryPair {
  event: OutboxEvent;
  subscription: SubscriptionRef;
}

export interface EventRef {
  workspaceId: string;
  eventId: string;
}

export interface SubscriptionRefKey {
  workspaceId: string;
  subscriptionId: string;
}

/**
 * How a claim ends: the attempt's outcome (delivered, due again, failed for good), or `released`:
 * handed back due at `nextAttemptAt` for any dispatcher, nothing logged and the claim not counted
 * in `attempts`.
 */
export type SettlementOutcome =
  | { status: 'delivered'; at: Date }
  | { status: 'pending'; nextAttemptAt: Date }
  | { status: 'failed'; at: Date; reason: FailureReason }
  | { status: 'released'; nextAttemptAt: Date };

export interface Settlement {
  claim: ClaimedDelivery;
  /** Null when nothing was sent (subscription or event gone, or released). */
  attempt: AttemptRecord | null;
  outcome: SettlementOutcome;
}

export interface Lease {
  now: Date;
  leaseMs: number;
  owner: string;
}

/**
 * What a process holds is every delivery it claimed whose request has not ended: in flight, or
 * claimed ahead and waiting for a request slot. Both count against the room, so deliveries waiting
 * for a slow subscription can never crowd out the others.
 */
export interface ClaimRequest extends Lease {
  /** Deliveries to claim at most: the room left in this process. */
  limit: number;
  /** Deliveries of one subscription this process may hold at once. */
  perSubscriptionLimit: number;
  /** Deliveries this process holds, per subscription id (subscriptions with none are absent). */
  heldBySubscription: ReadonlyMap<string, number>;
}

export interface ClaimedDelivery {
  id: string;
  workspaceId: string;
  eventId: string;
  subscriptionId: string;
  /**
   * 1-based number of this attempt: one more than the attempts on record. The retry schedule
   * follows it, so an attempt cut short by a crash or a shutdown (nothing recorded) does not use
   * up a retry; the receiver may then see the same `webhook-id` twice, which the spec allows.
   */
  attempt: number;
  owner: string;
  leaseUntil: Date;
  /** Names the claim that leased it; its settlement is written only while this still holds. */
  leaseToken: string;
}

export interface SubscriptionRef {
  id: string;
  url: string;
}

export interface DeliveryTarget {
  subscriptionId: string;
  url: string;
  /** `whsec_` + base64 key. */
  secret: string;
}

/** One entry of a delivery's attempt log. */
export interface AttemptRecord {
  attempt: number;
  startedAt: Date;
  durationMs: number;
  /** HTTP status, or null when no answer came (timeout, refused target, network error). */
  statusCode: number | null;
  /** The start of the receiver's answer (at most 1 KiB). */
  responseBody: string | null;
  error: string | null;
}

/** Why a delivery failed for good: the domain's vocabulary, which the data layer stores too. */
export const FAILURE_REASONS = DELIVERY_FAILURE_REASONS;
export type FailureReason = DeliveryFailureReason;
