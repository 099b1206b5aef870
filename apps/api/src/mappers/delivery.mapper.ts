import type { DeliveryAttempt, HookDelivery, HookDeliveryDetail } from '@outreach/contract';
import type { Delivery } from '@outreach/db';
import type { EventType } from '@outreach/domain';

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** A delivery as listed; its event type is the subscription's (one type per subscription). */
export function toApiDelivery(delivery: Delivery, eventType: EventType): HookDelivery {
  return {
    id: delivery.id,
    subscriptionId: delivery.subscriptionId,
    eventId: delivery.eventId,
    eventType,
    url: delivery.url,
    status: delivery.status,
    attemptCount: delivery.log.length,
    nextAttemptAt: delivery.status === 'pending' ? iso(delivery.nextAttemptAt) : null,
    createdAt: delivery.createdAt.toISOString(),
    deliveredAt: iso(delivery.deliveredAt),
    failedAt: iso(delivery.failedAt),
    failureReason: delivery.failureReason,
  };
}

export function toApiDeliveryDetail(delivery: Delivery, eventType: EventType): HookDeliveryDetail {
  return { ...toApiDelivery(delivery, eventType), attempts: delivery.log.map(toApiAttempt) };
}

function toApiAttempt(attempt: Delivery['log'][number]): DeliveryAttempt {
  return {
    attempt: attempt.attempt,
    at: attempt.at.toISOString(),
    statusCode: attempt.statusCode,
    durationMs: Math.max(0, Math.round(attempt.durationMs)),
    responseExcerpt: attempt.responseBody,
    error: attempt.error,
    nextRetryAt: iso(attempt.nextRetryAt),
  };
}
