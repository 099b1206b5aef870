/**
 * Counts deliveries in flight, overall and per subscription. The dispatcher claims work only while
 * there is global room, and never for a subscription already at its own limit, so one slow
 * receiver holds at most `perKeyLimit` slots and the rest keep flowing to everyone else.
 * The per-subscription limit is per process; with several dispatchers a receiver sees at most
 * `perKeyLimit` requests from each.
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

  get inFlight(): number {
    return this.total;
  }

  /** Deliveries that may still start. */
  get room(): number {
    return this.globalLimit - this.total;
  }

  /** Deliveries in flight per key (keys with none are absent). */
  heldByKey(): ReadonlyMap<string, number> {
    return new Map(this.perKey);
  }

  hasRoom(): boolean {
    return this.total < this.globalLimit;
  }

  /** Keys that must not be given more work right now. */
  saturatedKeys(): string[] {
    return [...this.perKey].filter(([, n]) => n >= this.perKeyLimit).map(([key]) => key);
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
