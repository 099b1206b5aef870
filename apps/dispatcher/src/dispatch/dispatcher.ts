import { inWorkSpan } from '@outreach/telemetry';
import type { DeliveryTarget } from '../ports/dispatch-store.port.js';
import type { DispatcherMetrics } from '../telemetry/dispatcher-metrics.js';
import { ClaimAhead } from './claim-ahead.js';
import { claimBatch } from './claim-batch.js';
import { ConcurrencyLimiter } from './concurrency-limiter.js';
import {
  deliverOne,
  type AttemptWiring,
  type ClaimedWork,
  type DeliveryDeps,
  type DeliveryResult,
} from './deliver-one.js';
import { fanOutPending } from './fan-out.js';
import { SettleQueue } from './settle-queue.js';
import { WakeableSleep } from './wakeable-sleep.js';

export const DISPATCHER_TRACER = '@outreach/dispatcher';

export interface DispatcherOptions {
  /** Names this process in leases; unique per process. */
  owner: string;
  /** Requests to receivers in flight at once in this process. */
  concurrency: number;
  /** Requests in flight at once to one subscription in this process. */
  perSubscriptionConcurrency: number;
  /** How often to look for new events and due deliveries when there is nothing to do. */
  pollIntervalMs: number;
  /** How long a claim is held; must outlast the HTTP timeout so a live attempt keeps its lease. */
  leaseMs: number;
  /**
   * The sender's deadline for one request, in real milliseconds. A claimed delivery starts only
   * while its lease still outlasts such a request and the write after it (see `ClaimAhead`).
   */
  requestTimeoutMs: number;
  /** Events fanned out per pass at most. */
  fanOutBatchSize?: number;
}

interface InFlight {
  done: Promise<void>;
  abort: AbortController;
}

/**
 * The dispatch loops: one fans new events out into deliveries, the other claims due deliveries
 * with leases ahead of the free request slots, so a slot freed by a finished request starts the
 * next delivery at once while the loop refills the buffer in the background. Both sleep until the
 * next poll unless woken (new deliveries, a freed slot, shutdown). Fan-out runs beside claiming so
 * a burst of events never holds up deliveries already due. `tick()` runs one pass of both by hand
 * (tests drive it with an injected clock); `start()` runs the loops; `stop()` is the one shutdown
 * path.
 */
export class Dispatcher {
  /** Requests to receivers in flight: at most `concurrency`, `perSubscriptionConcurrency` each. */
  private readonly slots: ConcurrencyLimiter;
  /** Deliveries held under a lease: in flight, or claimed ahead and waiting for a slot. */
  private readonly ahead: ClaimAhead;
  private readonly inFlight = new Map<string, InFlight>();
  private readonly fanOutBatchSize: number;
  private readonly claimSleep = new WakeableSleep();
  private readonly fanOutSleep = new WakeableSleep();
  private running = true;
  private loops: Promise<unknown> | null = null;
  /**
   * The last claim found nothing due with no subscription left out. A freed slot then cannot make
   * anything claimable, so the loop waits for new deliveries or the next poll instead of asking.
   */
  private drained = false;
  /** Counts fan-outs, so a claim that raced with one does not declare the queue drained. */
  private fanOuts = 0;
  /** Settlements of deliveries that end close together are written together. */
  private readonly settleQueue: SettleQueue;
  /** The subscriptions read in the current claim pass (null: gone). */
  private passTargets = new Map<string, DeliveryTarget | null>();

  /** Subscriptions whose last attempt from this process failed (for the metrics). */
  private readonly failing = new Set<string>();

  constructor(
    private readonly deps: DeliveryDeps,
    private readonly options: DispatcherOptions,
    /** Counts and times deliveries (the process passes them when it keeps metrics). */
    private readonly metrics?: DispatcherMetrics,
  ) {
    const { concurrency, perSubscriptionConcurrency, leaseMs } = options;
    this.slots = new ConcurrencyLimiter(concurrency, perSubscriptionConcurrency);
    const requestMs = options.requestTimeoutMs * (deps.timeScale ?? 1);
    this.ahead = new ClaimAhead(deps.clock, { concurrency, perSubscriptionConcurrency, leaseMs, requestMs });
    this.fanOutBatchSize = options.fanOutBatchSize ?? 100;
    this.settleQueue = new SettleQueue(deps.store);
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /** Deliveries claimed ahead and waiting for a slot. */
  get bufferedCount(): number {
    return this.ahead.size;
  }

  /** Subscriptions with every request slot of theirs in use: their other deliveries wait. */
  receiversAtLimit(): number {
    let held = 0;
    for (const count of this.slots.heldByKey().values())
      if (count >= this.options.perSubscriptionConcurrency) held += 1;
    return held;
  }

  /** Subscriptions whose last attempt from this process failed (retried on the schedule). */
  receiversFailing(): number {
    return this.failing.size;
  }

  /** One pass: fan out new events, then claim as many due deliveries as there is room for. */
  async tick(): Promise<number> {
    await this.fanOut();
    return this.claimAvailable();
  }

  /**
   * Resolves once every delivery claimed so far has finished or been handed back, and the store has
   * written what it held back (the subscriptions' health).
   */
  async settle(): Promise<void> {
    // A delivery that ends starts the next one waiting, so look again until none is left.
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight.values()].map((f) => f.done));
    await this.settleQueue.idle();
    // What the store held back is informative: its failure leaves every delivery settled.
    await this.deps.store.flush?.().catch((err: unknown) => {
      this.deps.logger.warn({ err }, 'writing what the store held back failed');
    });
  }

  start(): void {
    if (this.loops !== null) throw new Error('dispatcher already started');
    this.deps.logger.info({ owner: this.options.owner }, 'dispatcher started');
    this.loops = Promise.all([this.fanOutLoop(), this.claimLoop()]);
  }

  /**
   * Stops claiming and hands the deliveries claimed ahead back at once (due now, so nothing waits
   * for their lease to expire), lets deliveries in flight finish until `deadlineMs`, then aborts
   * the rest and hands them back too. Idempotent.
   */
  async stop(deadlineMs: number): Promise<void> {
    this.running = false;
    this.claimSleep.wake();
    this.fanOutSleep.wake();
    await this.loops;
    this.handBack(this.ahead.takeAll());
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), deadlineMs);
    });
    const inTime = await Promise.race([this.settle().then(() => true), deadline]);
    clearTimeout(timer);
    if (!inTime) {
      this.deps.logger.warn(
        { inFlight: this.inFlight.size },
        'shutdown deadline reached: releasing deliveries',
      );
      for (const flight of this.inFlight.values()) flight.abort.abort();
      await this.settle();
    }
  }

  private async fanOutLoop(): Promise<void> {
    while (this.running) {
      let backlog = false;
      try {
        backlog = (await this.fanOut()) === this.fanOutBatchSize;
      } catch (err) {
        this.deps.logger.error({ err }, 'fan-out failed');
      }
      if (!backlog) await this.fanOutSleep.sleep(this.options.pollIntervalMs);
    }
  }

  private async claimLoop(): Promise<void> {
    let woken: 'woken' | 'elapsed' = 'elapsed';
    while (this.running) {
      try {
        if (!(this.drained && woken === 'woken')) await this.claimAvailable();
      } catch (err) {
        this.deps.logger.error({ err }, 'claiming deliveries failed');
      }
      if (this.running) woken = await this.claimSleep.sleep(this.options.pollIntervalMs);
      // A freed slot waits for others (up to a poll interval) until a claim is worth making.
      while (this.running && woken === 'woken' && !this.ahead.hasRoomForBatch()) {
        woken = await this.claimSleep.sleep(this.options.pollIntervalMs);
      }
    }
    this.deps.logger.info({ owner: this.options.owner }, 'dispatcher stopped claiming');
  }

  /** Fans out up to a batch of events; each one's deliveries can be claimed as soon as it is done. */
  private fanOut(): Promise<number> {
    const { owner, leaseMs } = this.options;
    return fanOutPending(this.deps.store, this.deps.clock, {
      owner,
      leaseMs,
      maxEvents: this.fanOutBatchSize,
      onFannedOut: () => {
        this.fanOuts += 1;
        this.drained = false;
        this.claimSleep.wake();
      },
    });
  }

  /**
   * Claims due deliveries in batches while there is room to hold them, each batch ready to start
   * (see `claimBatch`), and starts what the free slots allow; the rest waits in the buffer.
   * Returns how many it claimed.
   */
  private async claimAvailable(): Promise<number> {
    let claimed = 0;
    const fanOutsBefore = this.fanOuts;
    this.drained = false;
    const targets = new Map<string, DeliveryTarget | null>();
    this.passTargets = targets;
    while (this.running && this.ahead.hasRoom()) {
      const leftOut = this.ahead.leavesSomeOut();
      const { leaseMs, owner } = this.options;
      const request = { now: this.deps.clock(), leaseMs, owner, ...this.ahead.room() };
      const works = await claimBatch(this.deps.store, request, targets);
      if (works.length === 0) {
        this.drained = !leftOut && this.fanOuts === fanOutsBefore;
        break;
      }
      const unheld = this.ahead.add(works);
      this.handBack(unheld);
      claimed += works.length - unheld.length;
      this.startReady();
    }
    return claimed;
  }

  /**
   * Starts the waiting deliveries the free slots allow, in claim order, and hands back those whose
   * lease is too near its end to start. Nothing starts once the dispatcher is stopping.
   */
  private startReady(): void {
    if (!this.running) return;
    // A delivery whose subscription or event is gone is settled as failed without a request.
    const sends = (work: ClaimedWork): boolean => work.target !== null && work.event !== null;
    const { start, expired } = this.ahead.takeStartable(
      (work) => !sends(work) || this.slots.tryAcquire(work.claim.subscriptionId),
    );
    if (expired.length > 0) {
      this.deps.logger.warn({ deliveries: expired.length }, 'lease too near its end to start: handed back');
      this.handBack(expired);
    }
    for (const work of start) this.launch(work, sends(work));
  }

  /** Hands claims back due now, for any dispatcher; the claim is not counted as an attempt. */
  private handBack(works: readonly ClaimedWork[]): void {
    for (const { claim } of works) {
      const outcome = { status: 'released', nextAttemptAt: this.deps.clock() } as const;
      void this.settleQueue.settle({ claim, attempt: null, outcome }).catch((err: unknown) => {
        this.deps.logger.error({ err, deliveryId: claim.id }, 'hand-back failed; the lease will expire');
      });
    }
  }

  /** After a 410: nothing more is sent to it, neither by later claims nor from the buffer. */
  private subscriptionRemoved(subscriptionId: string): void {
    this.passTargets.set(subscriptionId, null);
    this.failing.delete(subscriptionId);
    // Settled as failed without a request, so they need no slot.
    for (const work of this.ahead.takeSubscription(subscriptionId)) {
      this.launch({ ...work, target: null }, false);
    }
  }

  /**
   * One delivery attempt as a trace of its own (`dispatcher.delivery`), linked to the work that
   * wrote its event when that was traced, and counted and timed by outcome when metrics are kept.
   * The span names the delivery, event and subscription (a trace may: a metric label may not).
   */
  private observed(work: ClaimedWork, attempt: () => Promise<DeliveryResult>): Promise<DeliveryResult> {
    const { claim } = work;
    return inWorkSpan(
      DISPATCHER_TRACER,
      'dispatcher.delivery',
      {
        attributes: {
          'outreach.workspace.id': claim.workspaceId,
          'outreach.delivery.id': claim.id,
          'outreach.event.id': claim.eventId,
          'outreach.subscription.id': claim.subscriptionId,
          'outreach.delivery.attempt': claim.attempt,
          ...(work.event ? { 'outreach.event.type': work.event.type } : {}),
        },
        causes: [work.event?.traceparent],
      },
      async (span) => {
        const end = this.metrics?.deliveryDuration.startTimer();
        let outcome = 'error';
        try {
          const result = await attempt();
          outcome = result;
          if (result === 'delivered') this.failing.delete(claim.subscriptionId);
          else if (result === 'retry_scheduled' || result === 'failed')
            this.failing.add(claim.subscriptionId);
          return result;
        } finally {
          span.setAttribute('outreach.delivery.outcome', outcome);
          end?.({ outcome });
          this.metrics?.deliveries.inc({ outcome });
        }
      },
    );
  }

  private launch(work: ClaimedWork, withSlot: boolean): void {
    const { claim } = work;
    const abort = new AbortController();
    let requesting = true;
    // The slot and the hold are free again once the request is over, while the settlement is
    // still being written (the lease keeps the delivery from being claimed again).
    const endRequest = (): void => {
      if (!requesting) return;
      requesting = false;
      if (withSlot) this.slots.release(claim.subscriptionId);
      this.ahead.release(claim);
      this.startReady();
      this.claimSleep.wake();
    };
    const wiring: AttemptWiring = {
      settle: (settlement) => this.settleQueue.settle(settlement),
      onRequestEnded: endRequest,
      onSubscriptionRemoved: (subscriptionId) => this.subscriptionRemoved(subscriptionId),
    };
    const done = this.observed(work, () => deliverOne(work, this.deps, wiring, abort.signal))
      .then((result: DeliveryResult) => {
        if (result === 'lease_lost')
          this.deps.logger.warn({ deliveryId: claim.id }, 'lease lost before recording');
      })
      .catch((err: unknown) => {
        this.deps.logger.error(
          { err, deliveryId: claim.id },
          'delivery failed unexpectedly; the lease will expire',
        );
      })
      .finally(() => {
        this.inFlight.delete(claim.id);
        endRequest();
      });
    this.inFlight.set(claim.id, { done, abort });
  }
}
