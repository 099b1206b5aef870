import type { UpdateQuery } from 'mongoose';
import type { DeliveryAttemptInput } from './delivery.entity.js';
import {
  MAX_RESPONSE_BODY_LENGTH,
  type DeliveryAttemptRecord,
  type DeliveryFailureReason,
  type DeliveryRecord,
} from './delivery.schema.js';

/** How an attempt left the delivery: delivered, due again at `nextAttemptAt`, or failed for good. */
export type DeliveryOutcome =
  | { status: 'delivered'; at: Date }
  | { status: 'pending'; nextAttemptAt: Date }
  | { status: 'failed'; at: Date; reason: DeliveryFailureReason };

/** The log entry of an attempt, its response body cut to what the log keeps. */
export function logEntry(attempt: DeliveryAttemptInput): DeliveryAttemptRecord {
  const body = attempt.responseBody ?? null;
  return {
    attempt: attempt.attempt,
    at: attempt.at,
    statusCode: attempt.statusCode,
    responseBody: body === null ? null : body.slice(0, MAX_RESPONSE_BODY_LENGTH),
    error: attempt.error,
    durationMs: attempt.durationMs,
    nextRetryAt: null,
  };
}

export function requeued(now: Date, updatedAt: Date) {
  return {
    status: 'pending' as const,
    nextAttemptAt: now,
    deliveredAt: null,
    failedAt: null,
    failureReason: null,
    updatedAt,
  };
}

/** The update that applies an outcome and gives the lease back. */
export function outcomeUpdate(outcome: DeliveryOutcome, now: Date): UpdateQuery<DeliveryRecord> {
  const released = { leaseOwner: null, leaseUntil: null, updatedAt: now };
  switch (outcome.status) {
    case 'pending':
      return { $set: { ...released, nextAttemptAt: outcome.nextAttemptAt } };
    case 'delivered':
      return {
        $set: { ...released, status: 'delivered', deliveredAt: outcome.at },
        $unset: { nextAttemptAt: 1 },
      };
    case 'failed':
      return {
        $set: { ...released, status: 'failed', failedAt: outcome.at, failureReason: outcome.reason },
        $unset: { nextAttemptAt: 1 },
      };
  }
}

/** The outcome update plus the attempt's log entry (when one was made), with the retry it scheduled. */
export function settlementUpdate(
  settlement: { attempt: DeliveryAttemptInput | null; outcome: DeliveryOutcome },
  now: Date,
): UpdateQuery<DeliveryRecord> {
  const update = outcomeUpdate(settlement.outcome, now);
  if (settlement.attempt !== null) {
    const nextRetryAt = settlement.outcome.status === 'pending' ? settlement.outcome.nextAttemptAt : null;
    update.$push = { log: { ...logEntry(settlement.attempt), nextRetryAt } };
  }
  return update;
}
