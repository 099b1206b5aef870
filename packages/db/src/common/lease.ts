/** A claim of due work: who claims, at what time, for how long. */
export interface LeaseRequest {
  /** The claiming process's id; only this owner may complete or release what it claimed. */
  owner: string;
  /** The time on the lease's clock: the lease runs from here. */
  now: Date;
  leaseMs: number;
  /**
   * What work is due by, when it is scheduled on another clock than the lease's (the runner's
   * leads: due on the product clock, leased in real time, since a lease measures the runner's own
   * work); `now` when absent.
   */
  dueBy?: Date;
}

/** When the lease of a claim made now runs out (then the work is claimable again). */
export function leaseEnd(lease: LeaseRequest): Date {
  return new Date(lease.now.getTime() + lease.leaseMs);
}

/** No lease, or an expired one: matches null, missing, and dates not after `now`. */
export function leaseFree(now: Date): { $not: { $gt: Date } } {
  return { $not: { $gt: now } };
}
