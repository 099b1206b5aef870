import type { OutboxEvent } from '../delivery/webhook-envelope.js';
import type { ClaimedDelivery, DeliveryTarget } from '../ports/dispatch-store.port.js';
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

export interface DispatcherOptions {
  /** Names this process in leases; unique per process. */
  owner: string;
  /** Deliveries in flight at once in this process. */
  concurrency: number;
  /** Deliveries in flight at once to one subscription in this process. */
  perSubscriptionConcurrency: number;
  /** How often to look for new events and due deliveries when there is nothing to do. */
  pollIntervalMs: number;
  /** How long a claim is held; must outlast the HTTP timeout so a live attempt keeps its lease. */
  leaseMs: number;
  /** Events fanned out per pass at most. */
  fanOutBatchSize?: number;
}

interface InFlight {
  done: Promise<void>;
  abort: AbortController;
}

/**
 * The dispatch loops: one fans new events out into deliveries, the other claims due deliveries
 * with leases while there is room and attempts each; both sleep until the next poll unless woken
 * (new deliveries, a freed slot, shutdown). Fan-out runs beside claiming so a burst of events
 * never holds up deliveries already due. `tick()` runs one pass of both by hand (tests drive it
 * with an injected clock); `start()` runs the loops; `stop()` is the one shutdown path.
 */
export class Dispatcher {
  private readonly limiter: ConcurrencyLimiter;
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

  constructor(
    private readonly deps: DeliveryDeps,
    private readonly options: DispatcherOptions,
  ) {
    this.limiter = new ConcurrencyLimiter(options.concurrency, options.perSubscriptionConcurrency);
    this.fanOutBatchSize = options.fanOutBatchSize ?? 100;
    this.settleQueue = new SettleQueue(deps.store);
  }

  get inFlightCount(): number {
    return this.inFlight.size;
  }

  /** One pass: fan out new events, then start as many due deliveries as there is room for. */
  async tick(): Promise<number> {
    await this.fanOut();
    return this.claimAvailable();
  }

  /** Resolves once every delivery started so far has finished. */
  async settle(): Promise<void> {
    await Promise.all([...this.inFlight.values()].map((f) => f.done));
  }

  start(): void {
    if (this.loops !== null) throw new Error('dispatcher already started');
    this.deps.logger.info({ owner: this.options.owner }, 'dispatcher started');
    this.loops = Promise.all([this.fanOutLoop(), this.claimLoop()]);
  }

  /**
   * Stops claiming, lets deliveries in flight finish until `deadlineMs`, then aborts the rest and
   * hands their leases back so another dispatcher can retry them at once. Idempotent.
   */
  async stop(deadlineMs: number): Promise<void> {
    this.running = false;
    this.claimSleep.wake();
    this.fanOutSleep.wake();
    await this.loops;
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
      // A claim costs the same few round trips for one delivery or many, so a freed slot waits for
      // others (up to a poll interval) until half the slots are free or nothing is in flight.
      while (this.running && woken === 'woken' && !this.roomForBatch()) {
        woken = await this.claimSleep.sleep(this.options.pollIntervalMs);
      }
    }
    this.deps.logger.info({ owner: this.options.owner }, 'dispatcher stopped claiming');
  }

  private roomForBatch(): boolean {
    return this.limiter.inFlight === 0 || this.limiter.room >= Math.ceil(this.options.concurrency / 2);
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
   * Claims due deliveries in batches while there is room, each batch in a fixed number of round
   * trips: the claim itself (which keeps to the global and per-subscription room), then one read of
   * the batch's subscriptions not read yet in this pass, and one of its events not cached.
   */
  private async claimAvailable(): Promise<number> {
    let started = 0;
    const fanOutsBefore = this.fanOuts;
    this.drained = false;
    const targets = new Map<string, DeliveryTarget | null>();
    this.passTargets = targets;
    while (this.running && this.limiter.hasRoom()) {
      const saturated = this.limiter.saturatedKeys().length > 0;
      const claims = await this.deps.store.claimDue({
        now: this.deps.clock(),
        leaseMs: this.options.leaseMs,
        owner: this.options.owner,
        limit: this.limiter.room,
        perSubscriptionLimit: this.limiter.perKeyLimit,
        inFlightBySubscription: this.limiter.heldByKey(),
      });
      if (claims.length === 0) {
        this.drained = !saturated && this.fanOuts === fanOutsBefore;
        break;
      }
      const events = await this.readForAttempts(claims, targets);
      for (const claim of claims) {
        if (!this.limiter.tryAcquire(claim.subscriptionId)) {
          // Cannot happen: the claim keeps to the room it was given.
          await this.settleQueue.settle({
            claim,
            attempt: null,
            outcome: { status: 'released', nextAttemptAt: this.deps.clock() },
          });
          continue;
        }
        const target = targets.get(claim.subscriptionId) ?? null;
        this.launch({ claim, target, event: events.get(claim.eventId) ?? null });
        started += 1;
      }
    }
    return started;
  }

  /** Reads the subscriptions (once per pass) and events the claimed deliveries need. */
  private async readForAttempts(
    claims: readonly ClaimedDelivery[],
    targets: Map<string, DeliveryTarget | null>,
  ): Promise<Map<string, OutboxEvent>> {
    const unread = new Map(
      claims
        .filter((c) => !targets.has(c.subscriptionId))
        .map((c) => [c.subscriptionId, { workspaceId: c.workspaceId, subscriptionId: c.subscriptionId }]),
    );
    const [read, events] = await Promise.all([
      unread.size > 0 ? this.deps.store.loadTargets([...unread.values()]) : new Map<string, DeliveryTarget>(),
      this.deps.store.loadEvents(claims.map((c) => ({ workspaceId: c.workspaceId, eventId: c.eventId }))),
    ]);
    for (const subscriptionId of unread.keys()) targets.set(subscriptionId, read.get(subscriptionId) ?? null);
    return events;
  }

  private launch(work: ClaimedWork): void {
    const { claim } = work;
    const abort = new AbortController();
    let holdsSlot = true;
    // The slot limits requests to receivers: it is free again once the request is over, while the
    // settlement is still being written (the lease keeps the delivery from being claimed again).
    const freeSlot = (): void => {
      if (!holdsSlot) return;
      holdsSlot = false;
      this.limiter.release(claim.subscriptionId);
      this.claimSleep.wake();
    };
    const wiring: AttemptWiring = {
      settle: (settlement) => this.settleQueue.settle(settlement),
      onRequestEnded: freeSlot,
      // Later claims of this pass must not send to it either.
      onSubscriptionRemoved: (subscriptionId) => this.passTargets.set(subscriptionId, null),
    };
    const done = deliverOne(work, this.deps, wiring, abort.signal)
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
        freeSlot();
      });
    this.inFlight.set(claim.id, { done, abort });
  }
}
