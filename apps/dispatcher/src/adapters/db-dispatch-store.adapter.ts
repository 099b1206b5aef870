import type { EventType } from '@outreach/domain';
import {
  asWorkspaceId,
  LeaseLostError,
  type Db,
  type Delivery,
  type DeliveryAttemptInput,
  type DeliveryOutcome,
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
    const delivery = await this.db.deliveries.claimDueAcrossWorkspaces(lease, { excludeSubscriptionIds });
    return delivery ? toClaim(delivery, lease.owner) : null;
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
    return this.settle(claim, attempt, { status: 'delivered', at });
  }

  scheduleRetry(claim: ClaimedDelivery, attempt: AttemptRecord, nextAttemptAt: Date): Promise<boolean> {
    return this.settle(claim, attempt, { status: 'pending', nextAttemptAt });
  }

  markFailed(
    claim: ClaimedDelivery,
    attempt: AttemptRecord | null,
    reason: FailureReason,
    at: Date,
  ): Promise<boolean> {
    return this.settle(claim, attempt, { status: 'failed', at, reason });
  }

  release(claim: ClaimedDelivery, now: Date): Promise<boolean> {
    return this.db.deliveries.release(asWorkspaceId(claim.workspaceId), claim.id, claim.owner, {
      nextAttemptAt: now,
    });
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
   * Logs the attempt (if any) and applies the outcome in one conditional update. A lost lease means
   * another dispatcher has the delivery now: report it rather than fail.
   */
  private async settle(
    claim: ClaimedDelivery,
    attempt: AttemptRecord | null,
    outcome: DeliveryOutcome,
  ): Promise<boolean> {
    const workspaceId = asWorkspaceId(claim.workspaceId);
    try {
      await this.db.deliveries.settleAttempt(workspaceId, claim.id, claim.owner, {
        attempt: attempt ? toDbAttempt(attempt) : null,
        outcome,
      });
    } catch (err) {
      if (err instanceof LeaseLostError) return false;
      throw err;
    }
    if (attempt !== null) await this.recordHealth(workspaceId, claim.subscriptionId, attempt, outcome);
    return true;
  }

  /**
   * The subscription's health (last success, failures in a row) follows each attempt made. It is
   * informative only: the delivery is settled already, so a failed write here must not make the
   * dispatcher treat the attempt as unsettled.
   */
  private async recordHealth(
    workspaceId: ReturnType<typeof asWorkspaceId>,
    subscriptionId: string,
    attempt: AttemptRecord,
    outcome: DeliveryOutcome,
  ): Promise<void> {
    const at = new Date(attempt.startedAt.getTime() + attempt.durationMs);
    await this.db.webhookSubscriptions
      .recordAttemptOutcome(workspaceId, subscriptionId, { succeeded: outcome.status === 'delivered', at })
      .catch(() => undefined);
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
