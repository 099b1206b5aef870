import type { Logger } from 'pino';
import { systemClock, type Clock } from '@outreach/network';
import type { OutgoingRequest, SendOutcome } from '../delivery/http-sender.js';
import { USER_AGENT } from '../delivery/http-sender.js';
import type { RandomSource } from '../delivery/retry-schedule.js';
import { signWebhook } from '../delivery/sign-webhook.js';
import { envelopeBody } from '../delivery/webhook-envelope.js';
import type { AttemptRecord, ClaimedDelivery, DispatchStore } from '../ports/dispatch-store.port.js';
import { decideNextStep, toAttemptRecord } from './decide-next-step.js';

/** Posts one request; `HttpSender` in production. */
export interface WebhookSender {
  post(request: OutgoingRequest): Promise<SendOutcome>;
}

export interface DeliveryDeps {
  store: DispatchStore;
  sender: WebhookSender;
  /** Drives due times, leases and the retry schedule. */
  clock: Clock;
  /**
   * HTTP time: stamps `webhook-timestamp` (receivers compare it with their own clock) and reads a
   * receiver's `Retry-After` date, so it is real time even when `clock` is a compressed demo clock.
   * Defaults to the system clock.
   */
  realClock?: Clock;
  /**
   * Product milliseconds per real millisecond (`TIME_SCALE`, default 1): converts a receiver's
   * real-time `Retry-After` into a due time on `clock`.
   */
  timeScale?: number;
  random: RandomSource;
  logger: Logger;
}

export type DeliveryResult = 'delivered' | 'retry_scheduled' | 'failed' | 'released' | 'lease_lost';

/**
 * Makes one attempt of a claimed delivery and records how it went. The subscription and event are
 * read at attempt time, so an unsubscribed URL gets nothing more. `signal` aborts the POST when the
 * process must stop; the delivery is then handed back instead of being counted as a failure.
 */
export async function deliverOne(
  claim: ClaimedDelivery,
  deps: DeliveryDeps,
  signal?: AbortSignal,
): Promise<DeliveryResult> {
  const { store, clock } = deps;
  const target = await store.loadTarget(claim.workspaceId, claim.subscriptionId);
  if (target === null)
    return written(await store.markFailed(claim, null, 'subscription_removed', clock()), 'failed');
  const event = await store.loadEvent(claim.workspaceId, claim.eventId);
  if (event === null) return written(await store.markFailed(claim, null, 'event_missing', clock()), 'failed');

  const body = envelopeBody(event);
  const startedAt = clock();
  const signedAt = (deps.realClock ?? systemClock)();
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    ...signWebhook(target.secret, event.id, signedAt, body),
  };
  const outcome = await deps.sender.post({ url: target.url, headers, body, ...(signal ? { signal } : {}) });
  if (outcome.kind === 'error' && outcome.code === 'aborted') {
    return written(await store.release(claim, clock()), 'released');
  }
  const record = toAttemptRecord(claim.attempt, startedAt, outcome);
  logAttempt(deps.logger, claim, record);
  return applyNextStep(claim, record, outcome, deps);
}

async function applyNextStep(
  claim: ClaimedDelivery,
  record: AttemptRecord,
  outcome: SendOutcome,
  { store, clock, realClock = systemClock, timeScale = 1, random, logger }: DeliveryDeps,
): Promise<DeliveryResult> {
  const now = clock();
  const next = decideNextStep(claim.attempt, outcome, { now, realNow: realClock(), timeScale }, random);
  switch (next.kind) {
    case 'delivered':
      return written(await store.markDelivered(claim, record, now), 'delivered');
    case 'retry':
      return written(await store.scheduleRetry(claim, record, next.at), 'retry_scheduled');
    case 'failed':
      if (next.removeSubscription) {
        await store.removeSubscription(claim.workspaceId, claim.subscriptionId);
        logger.warn(
          { subscriptionId: claim.subscriptionId },
          'receiver answered 410 Gone: subscription removed',
        );
      }
      return written(await store.markFailed(claim, record, next.reason, now), 'failed');
  }
}

/** A conditional write that found the lease gone means another dispatcher owns the delivery now. */
function written(ok: boolean, result: DeliveryResult): DeliveryResult {
  return ok ? result : 'lease_lost';
}

function logAttempt(logger: Logger, claim: ClaimedDelivery, record: AttemptRecord): void {
  logger.debug(
    {
      deliveryId: claim.id,
      eventId: claim.eventId,
      subscriptionId: claim.subscriptionId,
      attempt: record.attempt,
      statusCode: record.statusCode,
      durationMs: record.durationMs,
      error: record.error,
    },
    'webhook attempt',
  );
}
