import type { Logger } from 'pino';
import { systemClock, type Clock } from '@outreach/network';
import type { OutgoingRequest, SendOutcome } from '../delivery/http-sender.js';
import { USER_AGENT } from '../delivery/http-sender.js';
import type { RandomSource } from '../delivery/retry-schedule.js';
import { signWebhook } from '../delivery/sign-webhook.js';
import { envelopeBody, type OutboxEvent } from '../delivery/webhook-envelope.js';
import type {
  AttemptRecord,
  ClaimedDelivery,
  DeliveryTarget,
  DispatchStore,
  Settlement,
  SettlementOutcome,
} from '../ports/dispatch-store.port.js';
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

/** A claimed delivery with what its attempt needs, read in the pass that claimed it. */
export interface ClaimedWork {
  claim: ClaimedDelivery;
  /** Null when the subscription is gone. */
  target: DeliveryTarget | null;
  /** Null when the event is gone. */
  event: OutboxEvent | null;
}

/** How an attempt reports back to the dispatcher. */
export interface AttemptWiring {
  /** Writes the settlement (batched with others); false when the lease was lost. */
  settle(settlement: Settlement): Promise<boolean>;
  /** The request is over (answered, failed or aborted): its slot may serve another delivery. */
  onRequestEnded(): void;
  /**
   * The receiver answered 410 Gone: the subscription is being removed and nothing more may be sent
   * to it. Called before `onRequestEnded`, so no delivery waiting for this request's slot is sent.
   */
  onSubscriptionRemoved(subscriptionId: string): void;
}

/**
 * Makes one attempt of a claimed delivery and records how it went. The subscription and event
 * were read when the delivery was claimed, in the same pass, so an unsubscribed URL gets nothing
 * more. `signal` aborts the POST when the process must stop; the delivery is then handed back
 * instead of being counted as a failure.
 */
export async function deliverOne(
  { claim, target, event }: ClaimedWork,
  deps: DeliveryDeps,
  wiring: AttemptWiring,
  signal?: AbortSignal,
): Promise<DeliveryResult> {
  const { clock } = deps;
  const settle = async (
    attempt: AttemptRecord | null,
    outcome: SettlementOutcome,
    result: DeliveryResult,
  ): Promise<DeliveryResult> => ((await wiring.settle({ claim, attempt, outcome })) ? result : 'lease_lost');
  if (target === null)
    return settle(null, { status: 'failed', at: clock(), reason: 'subscription_removed' }, 'failed');
  if (event === null)
    return settle(null, { status: 'failed', at: clock(), reason: 'event_missing' }, 'failed');

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
    wiring.onRequestEnded();
    return settle(null, { status: 'released', nextAttemptAt: clock() }, 'released');
  }
  const record = toAttemptRecord(claim.attempt, startedAt, outcome);
  logAttempt(deps.logger, claim, record);

  const now = clock();
  const next = decideNextStep(
    claim.attempt,
    outcome,
    { now, realNow: (deps.realClock ?? systemClock)(), timeScale: deps.timeScale ?? 1 },
    deps.random,
  );
  const gone = next.kind === 'failed' && next.removeSubscription;
  if (gone) wiring.onSubscriptionRemoved(claim.subscriptionId);
  wiring.onRequestEnded();
  switch (next.kind) {
    case 'delivered':
      return settle(record, { status: 'delivered', at: now }, 'delivered');
    case 'retry':
      return settle(record, { status: 'pending', nextAttemptAt: next.at }, 'retry_scheduled');
    case 'failed':
      if (gone) {
        await deps.store.removeSubscription(claim.workspaceId, claim.subscriptionId);
        deps.logger.warn(
          { subscriptionId: claim.subscriptionId },
          'receiver answered 410 Gone: subscription removed',
        );
      }
      return settle(record, { status: 'failed', at: now, reason: next.reason }, 'failed');
  }
}

function logAttempt(logger: Logger, claim: ClaimedDelivery, record: AttemptRecord): void {
  // Checked first, so the entry is not built for every attempt only to be dropped.
  if (!logger.isLevelEnabled('debug')) return;
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
