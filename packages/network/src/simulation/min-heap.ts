/**
 * A binary min-heap. Scheduled network events are kept in one per account, so settling what has
 * become due costs O(k log n) for k due events instead of a scan over everything pending.
 */
export class MinHeap<T> {
  private readonly items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  get size(): number {
    return this.items.length;
  }

  peek(): T | undefined {
    return this.items[0];
  }

  push(item: T): void {
    this.items.push(item);
    let child = this.items.length - 1;
    while (child > 0) {
      const parent = (child - 1) >> 1;
      if (!this.before(this.at(child), this.at(parent))) break;
      this.swap(child, parent);
      child = parent;
    }
  }

  pop(): T | undefined {
    const top = this.items[0];
    const last = this.items.pop();
    if (this.items.length === 0 || last === undefined) return top;
    this.items[0] = last;
    let parent = 0;
    for (;;) {
      const left = 2 * parent + 1;
      const right = left + 1;
      let smallest = parent;
      if (left < this.items.length && this.before(this.at(left), this.at(smallest))) smallest = left;
      if (right < this.items.length && this.before(this.at(right), this.at(smallest))) smallest = right;
      if (smallest === parent) return top;
      this.swap(parent, smallest);
      parent = smallest;
    }
  }

  private at(index: number): T {
    return this.items[index] as T;
  }

  private swap(a: number, b: number): void {
    const item = this.at(a);
    this.items[a] = this.at(b);
    this.items[b] = item;
  }
}
