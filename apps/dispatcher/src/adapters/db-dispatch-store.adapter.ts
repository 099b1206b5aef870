import type { EventType } from '@outreach/domain';
import {
  asWorkspaceId,
  LeaseLostError,
  type Db,
  type Delivery,
  type DeliveryAttempt,
  type OutboxEvent as DbOutboxEvent,
} from '@outreach/db';
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

/**
 * How many deliveries of saturated subscriptions one claim may skip. The data layer's claim cannot
 * leave subscriptions out yet, so a claimed delivery of a subscription at its limit is handed back,
 * due a millisecond from now (behind everything already due), and the claim tried again. Bounded,
 * so a large backlog of one receiver costs a few round trips per pass; the price is that such a
 * backlog delays other subscriptions by a few passes, which a claim filter on `subscriptionId`
 * in the data layer would remove.
 */
const MAX_SKIPS_PER_CLAIM = 8;

/** Events kept in memory; they never change once written, so a cached copy is never stale. */
const EVENT_CACHE_SIZE = 1_024;

/** The dispatch port over the `@outreach/db` repositories (events, subscriptions, deliveries). */
export class DbDispatchStore implements DispatchStore {
  /** Events this process fanned out or sent lately, so their deliveries skip one read each. */
  private readonly recentEvents = new Map<string, OutboxEvent>();

  constructor(private readonly db: Db) {}

  async claimEventForFanOut(lease: Lease): Promise<OutboxEvent | null> {
    const event = await this.db.events.claimForFanOutAcrossWorkspaces(lease);
    return event ? this.remember(fromDbEvent(event)) : null;
  }

  async subscriptionsFor(workspaceId: string, type: EventType, existedAt: Date): Promise<SubscriptionRef[]> {
    const subscriptions = await this.db.webhookSubscriptions.listByType(asWorkspaceId(workspaceId), type);
    return subscriptions.filter((s) => s.createdAt <= existedAt).map((s) => ({ id: s.id, url: s.url }));
  }

  async createDeliveries(event: OutboxEvent, subscriptions: readonly SubscriptionRef[]): Promise<void> {
    if (subscriptions.length === 0) return;
    await this.db.deliveries.createForEvent(asWorkspaceId(event.workspaceId), event.id, subscriptions);
  }

  markFannedOut(workspaceId: string, eventId: string, owner: string): Promise<boolean> {
    return this.db.events.markFannedOut(asWorkspaceId(workspaceId), eventId, owner);
  }

  async claimDue({ excludeSubscriptionIds, ...lease }: ClaimRequest): Promise<ClaimedDelivery | null> {
    const excluded = new Set(excludeSubscriptionIds);
    for (let skipped = 0; skipped <= MAX_SKIPS_PER_CLAIM; skipped += 1) {
      const delivery = await this.db.deliveries.claimDueAcrossWorkspaces(lease);
      if (delivery === null) return null;
      if (!excluded.has(delivery.subscriptionId)) return toClaim(delivery, lease.owner);
      const behindDueWork = new Date(lease.now.getTime() + 1);
      await this.db.deliveries.reschedule(delivery.workspaceId, delivery.id, lease.owner, behindDueWork);
    }
    return null;
  }

  async loadEvent(workspaceId: string, eventId: string): Promise<OutboxEvent | null> {
    const cached = this.recentEvents.get(eventId);
    if (cached?.workspaceId === workspaceId) return cached;
    const event = await this.db.events.get(asWorkspaceId(workspaceId), eventId);
    return event ? this.remember(fromDbEvent(event)) : null;
  }

  async loadTarget(workspaceId: string, subscriptionId: string): Promise<DeliveryTarget | null> {
    const subscription = await this.db.webhookSubscriptions.get(asWorkspaceId(workspaceId), subscriptionId);
    return subscription ? { subscriptionId, url: subscription.url, secret: subscription.secret } : null;
  }

  markDelivered(claim: ClaimedDelivery, attempt: AttemptRecord, at: Date): Promise<boolean> {
    return this.underLease(claim, attempt, (ws) =>
      this.db.deliveries.markDelivered(ws, claim.id, claim.owner, at),
    );
  }

  scheduleRetry(claim: ClaimedDelivery, attempt: AttemptRecord, nextAttemptAt: Date): Promise<boolean> {
    return this.underLease(claim, attempt, (ws) =>
      this.db.deliveries.reschedule(ws, claim.id, claim.owner, nextAttemptAt),
    );
  }

  // The data layer keeps no failure reason yet; the attempt log and the subscription's absence tell it.
  markFailed(
    claim: ClaimedDelivery,
    attempt: AttemptRecord | null,
    _reason: FailureReason,
    at: Date,
  ): Promise<boolean> {
    return this.underLease(claim, attempt, (ws) =>
      this.db.deliveries.markFailed(ws, claim.id, claim.owner, at),
    );
  }

  release(claim: ClaimedDelivery, now: Date): Promise<boolean> {
    return this.underLease(claim, null, (ws) =>
      this.db.deliveries.reschedule(ws, claim.id, claim.owner, now),
    );
  }

  async removeSubscription(workspaceId: string, subscriptionId: string): Promise<void> {
    await this.db.webhookSubscriptions.remove(asWorkspaceId(workspaceId), subscriptionId);
  }

  private remember(event: OutboxEvent): OutboxEvent {
    this.recentEvents.delete(event.id);
    this.recentEvents.set(event.id, event);
    if (this.recentEvents.size > EVENT_CACHE_SIZE) {
      const oldest = this.recentEvents.keys().next();
      if (!oldest.done) this.recentEvents.delete(oldest.value);
    }
    return event;
  }

  /**
   * Appends the attempt (if any) then applies `finish`, both conditional on the lease. A lost lease
   * means another dispatcher has the delivery now: report it rather than fail.
   */
  private async underLease(
    claim: ClaimedDelivery,
    attempt: AttemptRecord | null,
    finish: (workspaceId: ReturnType<typeof asWorkspaceId>) => Promise<unknown>,
  ): Promise<boolean> {
    const workspaceId = asWorkspaceId(claim.workspaceId);
    try {
      if (attempt)
        await this.db.deliveries.recordAttempt(workspaceId, claim.id, claim.owner, toDbAttempt(attempt));
      await finish(workspaceId);
      return true;
    } catch (err) {
      if (err instanceof LeaseLostError) return false;
      throw err;
    }
  }
}

function fromDbEvent(event: DbOutboxEvent): OutboxEvent {
  return {
    id: event.id,
    type: event.type,
    workspaceId: event.workspaceId,
    occurredAt: event.timestamp,
    data: event.data,
  };
}

function toClaim(delivery: Delivery, owner: string): ClaimedDelivery {
  return {
    id: delivery.id,
    workspaceId: delivery.workspaceId,
    eventId: delivery.eventId,
    subscriptionId: delivery.subscriptionId,
    attempt: delivery.log.length + 1,
    owner,
    leaseUntil: delivery.leaseUntil ?? new Date(0),
  };
}

// The data layer's attempt log has no response body yet; it is dropped here until it does.
function toDbAttempt(attempt: AttemptRecord): DeliveryAttempt {
  return {
    attempt: attempt.attempt,
    at: attempt.startedAt,
    statusCode: attempt.statusCode,
    error: attempt.error,
    durationMs: attempt.durationMs,
  };
}
