import type { Clock } from '@outreach/network';
import type { ClaimRequest } from '../ports/dispatch-store.port.js';
import { ConcurrencyLimiter } from './concurrency-limiter.js';
import type { ClaimedWork } from './deliver-one.js';

/** The most deliveries that wait per request slot, claimed ahead, while requests are quick. */
export const MAX_WAITING_PER_SLOT = 3;

export interface ClaimAheadLimits {
  /** Requests in flight at once; one to three times as many deliveries may wait, claimed ahead. */
  concurrency: number;
  /** Requests in flight at once to one subscription; its waiting deliveries are bounded alike. */
  perSubscriptionConcurrency: number;
  /** How long a claim is held, on the clock's time scale. */
  leaseMs: number;
  /** The longest a request can take, on the clock's time scale. */
  requestMs: number;
}

/**
 * What the process holds under a lease: deliveries in flight, and deliveries claimed ahead of the
 * free request slots (their subscriptions and events read), waiting in claim order, most overdue
 * first. Claims keep to the room left, so a waiting delivery counts against its subscription's room
 * just as one in flight does, and one subscription's backlog holds at most its in-flight share
 * times the waiting per slot, so a slow subscription cannot fill the buffer and starve the others.
 *
 * A waiting delivery starts only while its lease outlasts a whole request and then half of what the
 * lease leaves beyond one, for the write after it: it may wait half of what the lease leaves beyond
 * a request (22.5 s with the defaults, a 60 s lease and a 15 s request timeout; 2.5 s with the
 * shortest lease the configuration accepts, timeout + 5 s). One whose lease is nearer its end is
 * taken out to be handed back, so no request can outlive the lease it was sent under.
 *
 * How many wait per slot follows how long requests take now: as many requests as fit in that wait,
 * from one to three. A delivery waits for the requests ahead of it in its slot, so with quick
 * receivers (milliseconds) three wait per slot and a claim takes two slots' worth; once a request
 * in flight, or one that ended within that wait, took longer (a third of the wait, then half), fewer
 * are claimed ahead, down to one per slot, so receivers that hang until the timeout leave nothing
 * waiting past its lease to be handed back. Until a request has ended, requests are taken to last
 * the whole timeout.
 */
export class ClaimAhead {
  /** Holds counted at the deepest buffer; what may be claimed now is narrower (`limits`). */
  private readonly holds: ConcurrencyLimiter;
  private waiting: ClaimedWork[] = [];
  private readonly concurrency: number;
  private readonly perSubscriptionConcurrency: number;
  private readonly requestMs: number;
  private readonly startBudgetMs: number;
  /** How long a claimed delivery may wait and still start. */
  private readonly maxWaitMs: number;
  /** When each request under way started (clock milliseconds), in start order. */
  private readonly requests = new Map<string, number>();
  /** The slowest request that ended within the last `maxWaitMs`, about; null until one ended. */
  private slowest: { ms: number; endedAt: number } | null = null;

  constructor(
    private readonly clock: Clock,
    { concurrency, perSubscriptionConcurrency, leaseMs, requestMs }: ClaimAheadLimits,
  ) {
    if (!(leaseMs > requestMs)) throw new RangeError('the lease must outlast a request');
    const deepest = 1 + MAX_WAITING_PER_SLOT;
    this.holds = new ConcurrencyLimiter(deepest * concurrency, deepest * perSubscriptionConcurrency);
    this.concurrency = concurrency;
    this.perSubscriptionConcurrency = perSubscriptionConcurrency;
    this.requestMs = requestMs;
    this.startBudgetMs = requestMs + (leaseMs - requestMs) / 2;
    this.maxWaitMs = leaseMs - this.startBudgetMs;
  }

  /** Deliveries waiting for a slot. */
  get size(): number {
    return this.waiting.length;
  }

  /** Deliveries held: in flight or waiting. */
  get held(): number {
    return this.holds.held;
  }

  /**
   * How many deliveries may wait per request slot now: as many requests as fit in the time a
   * delivery may wait, judged by the oldest request under way and the slowest that ended within
   * that time (the whole timeout until one has ended), from one to `MAX_WAITING_PER_SLOT`.
   */
  waitingPerSlot(): number {
    const now = this.clock().getTime();
    let longest = this.requestMs;
    if (this.slowest !== null) {
      longest = now - this.slowest.endedAt <= this.maxWaitMs ? this.slowest.ms : 0;
    }
    const oldest = this.requests.values().next();
    if (oldest.done !== true) longest = Math.max(longest, now - oldest.value);
    if (longest <= 0) return MAX_WAITING_PER_SLOT;
    return Math.min(MAX_WAITING_PER_SLOT, Math.max(1, Math.floor(this.maxWaitMs / longest)));
  }

  hasRoom(): boolean {
    return this.holds.held < this.limits().total;
  }

  /**
   * A claim costs the same two round trips for one delivery or many: worth making when nothing is
   * held, or when, with every slot busy, at most a slot's worth of deliveries still waits (at least
   * a slot's worth of room). Those keep the slots fed for the time a claim takes (milliseconds),
   * and the claim takes the rest of the room: two slots' worth with quick receivers. The larger
   * the claim, the fewer per delivery: a round trip costs the dispatcher's thread and the database
   * more than the deliveries it carries.
   */
  hasRoomForBatch(): boolean {
    if (this.holds.held === 0) return true;
    const perSlot = this.waitingPerSlot();
    const room = this.limits(perSlot).total - this.holds.held;
    return room >= Math.max(1, perSlot - 1) * this.concurrency;
  }

  /** Some subscription is at its limit: a claim leaves its deliveries out. */
  leavesSomeOut(): boolean {
    const { perSubscription } = this.limits();
    for (const held of this.holds.heldByKey().values()) if (held >= perSubscription) return true;
    return false;
  }

  /** The room a claim may take, what is held counted. */
  room(): Pick<ClaimRequest, 'limit' | 'perSubscriptionLimit' | 'heldBySubscription'> {
    const { total, perSubscription } = this.limits();
    return {
      limit: Math.max(0, total - this.holds.held),
      perSubscriptionLimit: perSubscription,
      heldBySubscription: this.holds.heldByKey(),
    };
  }

  /**
   * Holds the claimed deliveries and queues them. Holds only shrink while a claim is under way, and
   * are counted at the deepest buffer, so a batch always fits (even when slower requests narrowed
   * the room meanwhile); any that did not would be returned, not held.
   */
  add(works: readonly ClaimedWork[]): ClaimedWork[] {
    const unheld: ClaimedWork[] = [];
    for (const work of works) {
      if (this.holds.tryAcquire(work.claim.subscriptionId)) this.waiting.push(work);
      else unheld.push(work);
    }
    return unheld;
  }

  /**
   * Takes, in claim order, the waiting deliveries `acquire` finds a slot for (it takes the slot;
   * they stay held until `release`, their requests timed from now), and those whose lease is too
   * near its end to start (no longer held); the others keep waiting in their order.
   */
  takeStartable(acquire: (work: ClaimedWork) => boolean): {
    start: ClaimedWork[];
    expired: ClaimedWork[];
  } {
    const now = this.clock().getTime();
    const start: ClaimedWork[] = [];
    const expired: ClaimedWork[] = [];
    const waiting: ClaimedWork[] = [];
    for (const work of this.waiting) {
      if (work.claim.leaseUntil.getTime() - now < this.startBudgetMs) expired.push(work);
      else if (acquire(work)) start.push(work);
      else waiting.push(work);
    }
    this.waiting = waiting;
    for (const work of expired) this.holds.release(work.claim.subscriptionId);
    for (const work of start) this.requests.set(work.claim.id, now);
    return { start, expired };
  }

  /** Takes the waiting deliveries of the subscription; they stay held until `release`. */
  takeSubscription(subscriptionId: string): ClaimedWork[] {
    const taken = this.waiting.filter((work) => work.claim.subscriptionId === subscriptionId);
    this.waiting = this.waiting.filter((work) => work.claim.subscriptionId !== subscriptionId);
    return taken;
  }

  /** Takes every waiting delivery; none is held any more. */
  takeAll(): ClaimedWork[] {
    const taken = this.waiting.splice(0);
    for (const work of taken) this.holds.release(work.claim.subscriptionId);
    return taken;
  }

  /** A delivery taken out is done with its request; a started one's time is kept if it was slow. */
  release({ id, subscriptionId }: { id: string; subscriptionId: string }): void {
    this.holds.release(subscriptionId);
    const startedAt = this.requests.get(id);
    if (startedAt === undefined) return;
    this.requests.delete(id);
    const now = this.clock().getTime();
    const ms = now - startedAt;
    const { slowest } = this;
    if (slowest === null || ms >= slowest.ms || now - slowest.endedAt > this.maxWaitMs) {
      this.slowest = { ms, endedAt: now };
    }
  }

  /** The holds allowed now, in flight and waiting: `waitingPerSlot` more than the slots. */
  private limits(perSlot = this.waitingPerSlot()): { total: number; perSubscription: number } {
    const depth = 1 + perSlot;
    return { total: depth * this.concurrency, perSubscription: depth * this.perSubscriptionConcurrency };
  }
}
