/**
 * Counts units taken, overall and per key, under a global and a per-key limit. The dispatcher
 * keeps two: the slots of requests in flight (at most `concurrency`, `perSubscriptionConcurrency`
 * per subscription), and the holds of deliveries claimed (in flight, or claimed ahead and waiting
 * for a slot). Claims keep to the room of the holds, so one slow receiver holds at most its share
 * and the rest keep flowing to everyone else. The limits are per process; with several dispatchers
 * a receiver sees at most `perSubscriptionConcurrency` requests from each.
 */
export class ConcurrencyLimiter {
  private readonly perKey = new Map<string, number>();
  private total = 0;

  constructor(
    readonly globalLimit: number,
    readonly perKeyLimit: number,
  ) {
    if (globalLimit < 1 || perKeyLimit < 1) throw new RangeError('concurrency limits must be at least 1');
  }

  /** Units taken. */
  get held(): number {
    return this.total;
  }

  /** Units taken per key (keys with none are absent). */
  heldByKey(): ReadonlyMap<string, number> {
    return new Map(this.perKey);
  }

  hasRoom(): boolean {
    return this.total < this.globalLimit;
  }

  tryAcquire(key: string): boolean {
    const held = this.perKey.get(key) ?? 0;
    if (!this.hasRoom() || held >= this.perKeyLimit) return false;
    this.perKey.set(key, held + 1);
    this.total += 1;
    return true;
  }

  release(key: string): void {
    const held = this.perKey.get(key) ?? 0;
    if (held === 0) throw new Error(`release without acquire for ${key}`);
    if (held === 1) this.perKey.delete(key);
    else this.perKey.set(key, held - 1);
    this.total -= 1;
  }
}
