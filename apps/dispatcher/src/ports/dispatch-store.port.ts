import { DELIVERY_FAILURE_REASONS, type DeliveryFailureReason, type EventType } from '@outreach/domain';
import type { OutboxEvent } from '../delivery/webhook-envelope.js';

/**
 * What the dispatcher needs from storage. The process wires it to the `@outreach/db` repositories
 * (see `adapters/`); tests can also use the in-memory version in `testing/`. Every write that
 * concludes an attempt is conditional on the caller still holding the lease, so a dispatcher whose
 * lease expired cannot overwrite the work of the one that took the delivery over.
 */
export interface DispatchStore {
  /**
   * Atomically takes the oldest event (of any workspace) whose deliveries have not been created
   * yet, leasing it to `lease.owner`, or returns null.
   */
  claimEventForFanOut(lease: Lease): Promise<OutboxEvent | null>;
  /** The subscriptions to `type` in the workspace created at or before `existedAt`. */
  subscriptionsFor(workspaceId: string, type: EventType, existedAt: Date): Promise<SubscriptionRef[]>;
  /** One delivery per (event, subscription), due at once; repeating it creates nothing new. */
  createDeliveries(event: OutboxEvent, subscriptions: readonly SubscriptionRef[]): Promise<void>;
  /** The event leaves the fan-out queue; false when its lease was lost. */
  markFannedOut(workspaceId: string, eventId: string, owner: string): Promise<boolean>;

  /**
   * Atomically takes the earliest due delivery (pending, `nextAttemptAt <= now`, no live lease) of
   * a subscription not in `excludeSubscriptionIds`, leasing it to `owner` until `now + leaseMs`
   * (the claim is counted), or returns null.
   */
  claimDue(request: ClaimRequest): Promise<ClaimedDelivery | null>;
  loadEvent(workspaceId: string, eventId: string): Promise<OutboxEvent | null>;
  loadTarget(workspaceId: string, subscriptionId: string): Promise<DeliveryTarget | null>;

  /**
   * These record the attempt and settle the delivery in one write; false when the lease was lost
   * (nothing written).
   */
  markDelivered(claim: ClaimedDelivery, attempt: AttemptRecord, at: Date): Promise<boolean>;
  scheduleRetry(claim: ClaimedDelivery, attempt: AttemptRecord, nextAttemptAt: Date): Promise<boolean>;
  /** Failed for good and kept; `attempt` is null when nothing was sent (subscription or event gone). */
  markFailed(
    claim: ClaimedDelivery,
    attempt: AttemptRecord | null,
    reason: FailureReason,
    at: Date,
  ): Promise<boolean>;
  /**
   * Gives the delivery back, due at `now`, for any dispatcher: nothing is logged and the claim is
   * not counted in `attempts`.
   */
  release(claim: ClaimedDelivery, now: Date): Promise<boolean>;

  /** Deletes a subscription whose receiver answered 410 Gone. */
  removeSubscription(workspaceId: string, subscriptionId: string): Promise<void>;
}

export interface Lease {
  now: Date;
  leaseMs: number;
  owner: string;
}

export interface ClaimRequest extends Lease {
  /** Subscriptions already at their concurrency limit in this process. */
  excludeSubscriptionIds: readonly string[];
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
