import type { Clock } from '@outreach/network';
import type { ClaimRequest } from '../ports/dispatch-store.port.js';
import { ConcurrencyLimiter } from './concurrency-limiter.js';
import type { ClaimedWork } from './deliver-one.js';

/**
 * What the process holds at most, in request slots' worth: the deliveries in flight, and twice as
 * many waiting, claimed ahead.
 */
export const HOLD_FACTOR = 3;

export interface ClaimAheadLimits {
  /** Requests in flight at once; twice as many deliveries may wait, claimed ahead. */
  concurrency: number;
  /** Requests in flight at once to one subscription; twice as many of its deliveries may wait. */
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
 * just as one in flight does: at most twice `concurrency` deliveries wait, and one subscription's
 * backlog holds at most twice its in-flight share, so a slow subscription cannot fill the buffer
 * and starve the others.
 *
 * A request that ends frees a slot and starts the next waiting delivery at once, so in the steady
 * state a delivery waits here for milliseconds; when receivers are slow, at most for the two
 * requests ahead of it in its slot (each ends within the request timeout). It starts only while its
 * lease outlasts a whole request and then half of what the lease leaves beyond one, for the write
 * after it: with the defaults (60 s lease, 15 s request timeout) it may wait 37.5 s, more than the
 * two requests ahead of it take; with the shortest lease the configuration accepts (timeout + 5 s)
 * 2.5 s. One whose lease is nearer its end is taken out to be handed back, so no request can
 * outlive the lease it was sent under.
 */
export class ClaimAhead {
  private readonly holds: ConcurrencyLimiter;
  private waiting: ClaimedWork[] = [];
  private readonly startBudgetMs: number;
  /** Room for as many deliveries as there are request slots: with every slot busy, as many wait. */
  private readonly batchRoom: number;

  constructor(
    private readonly clock: Clock,
    { concurrency, perSubscriptionConcurrency, leaseMs, requestMs }: ClaimAheadLimits,
  ) {
    if (!(leaseMs > requestMs)) throw new RangeError('the lease must outlast a request');
    this.holds = new ConcurrencyLimiter(HOLD_FACTOR * concurrency, HOLD_FACTOR * perSubscriptionConcurrency);
    this.startBudgetMs = requestMs + (leaseMs - requestMs) / 2;
    this.batchRoom = concurrency;
  }

  /** Deliveries waiting for a slot. */
  get size(): number {
    return this.waiting.length;
  }

  /** Deliveries held: in flight or waiting. */
  get held(): number {
    return this.holds.held;
  }

  hasRoom(): boolean {
    return this.holds.hasRoom();
  }

  /**
   * A claim costs the same two round trips for one delivery or many: worth making when nothing is
   * held, or when there is room for as many deliveries as there are request slots. With every slot
   * busy, as many deliveries again then still wait, which keeps the slots fed for the time a claim
   * takes (milliseconds). Claiming a slot's worth at a time, rather than half of one, halves the
   * claims per delivery: a round trip costs the dispatcher's thread and the database more than the
   * deliveries it carries.
   */
  hasRoomForBatch(): boolean {
    return this.holds.held === 0 || this.holds.room >= this.batchRoom;
  }

  /** Some subscription is at its limit: a claim leaves its deliveries out. */
  leavesSomeOut(): boolean {
    return this.holds.saturatedKeys().length > 0;
  }

  /** The room a claim may take, what is held counted. */
  room(): Pick<ClaimRequest, 'limit' | 'perSubscriptionLimit' | 'heldBySubscription'> {
    return {
      limit: this.holds.room,
      perSubscriptionLimit: this.holds.perKeyLimit,
      heldBySubscription: this.holds.heldByKey(),
    };
  }

  /**
   * Holds the claimed deliveries and queues them. Holds only shrink while a claim is under way, so
   * a batch always fits the room it was given; any that did not would be returned, not held.
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
   * they stay held until `release`), and those whose lease is too near its end to start (no longer
   * held); the others keep waiting in their order.
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

  /** A delivery taken to start is done with its request. */
  release(subscriptionId: string): void {
    this.holds.release(subscriptionId);
  }
}
