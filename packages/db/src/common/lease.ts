/** A claim of due work: who claims, at what time, for how long. */
export interface LeaseRequest {
  /** The claiming process's id; only this owner may complete or release what it claimed. */
  owner: string;
  now: Date;
  leaseMs: number;
}

/** When the lease of a claim made now runs out (then the work is claimable again). */
export function leaseEnd(lease: LeaseRequest): Date {
  return new Date(lease.now.getTime() + lease.leaseMs);
}

/** No lease, or an expired one: matches null, missing, and dates not after `now`. */
export function leaseFree(now: Date): { $not: { $gt: Date } } {
  return { $not: { $gt: now } };
}
