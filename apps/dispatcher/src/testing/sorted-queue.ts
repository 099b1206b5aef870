/**
 * Items kept in ascending key order (equal keys in insertion order), so the in-memory store finds
 * the oldest claimable work by looking at the front instead of scanning everything.
 */
export class SortedQueue<T> {
  private readonly entries: { key: number; item: T }[] = [];

  insert(item: T, key: number): void {
    let low = 0;
    let high = this.entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if ((this.entries[mid] as { key: number }).key <= key) low = mid + 1;
      else high = mid;
    }
    this.entries.splice(low, 0, { key, item });
  }

  remove(item: T): void {
    const index = this.entries.findIndex((entry) => entry.item === item);
    if (index >= 0) this.entries.splice(index, 1);
  }

  /** The first item, in key order, with a key at most `maxKey` that `accept` takes. */
  find(maxKey: number, accept: (item: T) => boolean): T | undefined {
    for (const { key, item } of this.entries) {
      if (key > maxKey) return undefined;
      if (accept(item)) return item;
    }
    return undefined;
  }

  /** Up to `limit` items, in key order, with a key at most `maxKey` that `accept` takes. */
  take(maxKey: number, accept: (item: T) => boolean, limit: number): T[] {
    const taken: T[] = [];
    for (const { key, item } of this.entries) {
      if (taken.length >= limit || key > maxKey) break;
      if (accept(item)) taken.push(item);
    }
    return taken;
  }
}
