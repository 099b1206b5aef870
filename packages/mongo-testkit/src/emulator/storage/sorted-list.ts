/** Where an item sits: a chunk and an offset in it. */
export interface ListPosition {
  chunk: number;
  offset: number;
}

/**
 * Compares an item with a search target: negative when the item sorts before it, zero when it
 * sits at the target, positive after. Probes may be coarser than the list's own order (a key
 * prefix), so many items can answer zero.
 */
export type Probe<T> = (item: T) => number;

const MAX_CHUNK = 512;

/**
 * A sorted list kept as a list of sorted chunks of at most 512 items. Finding a position is two
 * binary searches (the chunk, then the offset); inserting or removing moves at most one chunk's
 * items, so writes stay cheap at hundreds of thousands of items, where one flat array would
 * shift half of its items on every insert.
 */
export class SortedList<T> {
  private chunks: T[][] = [];
  private total = 0;

  constructor(private readonly order: (a: T, b: T) => number) {}

  get size(): number {
    return this.total;
  }

  /** Replaces the contents with `items` (any order) in one sort, for index builds. */
  reset(items: T[]): void {
    const sorted = [...items].sort(this.order);
    this.chunks = [];
    for (let start = 0; start < sorted.length; start += MAX_CHUNK / 2) {
      this.chunks.push(sorted.slice(start, start + MAX_CHUNK / 2));
    }
    this.total = sorted.length;
  }

  insert(item: T): void {
    const lastIndex = this.chunks.length - 1;
    const last = this.chunks[lastIndex];
    if (last === undefined) {
      this.chunks.push([item]);
      this.total += 1;
      return;
    }
    let chunkIndex = lastIndex;
    let offset = last.length;
    // Keys that grow (ids made from a time, creation and due times) go at the end: one comparison.
    if (this.order(last[offset - 1] as T, item) > 0) {
      const probe: Probe<T> = (other) => this.order(other, item);
      chunkIndex = Math.min(this.firstChunkEndingAtOrAfter(probe), lastIndex);
      offset = firstAtOrAfter(this.chunks[chunkIndex] as T[], probe);
    }
    const chunk = this.chunks[chunkIndex] as T[];
    chunk.splice(offset, 0, item);
    if (chunk.length > MAX_CHUNK) this.chunks.splice(chunkIndex + 1, 0, chunk.splice(MAX_CHUNK / 2));
    this.total += 1;
  }

  /** Removes the item equal to `item` in the list's order; false when there is none. */
  delete(item: T): boolean {
    const position = this.lowerBound((other) => this.order(other, item));
    const chunk = this.chunks[position.chunk];
    if (chunk === undefined || this.order(chunk[position.offset] as T, item) !== 0) return false;
    chunk.splice(position.offset, 1);
    if (chunk.length === 0) this.chunks.splice(position.chunk, 1);
    this.total -= 1;
    return true;
  }

  /** The first position whose item is at or after the probe's target (the end when none is). */
  lowerBound(probe: Probe<T>): ListPosition {
    const chunkIndex = this.firstChunkEndingAtOrAfter(probe);
    const chunk = this.chunks[chunkIndex];
    if (chunk === undefined) return { chunk: this.chunks.length, offset: 0 };
    return { chunk: chunkIndex, offset: firstAtOrAfter(chunk, probe) };
  }

  /** The first position whose item is after the probe's target (the end when none is). */
  upperBound(probe: Probe<T>): ListPosition {
    return this.lowerBound((item) => (probe(item) <= 0 ? -1 : 1));
  }

  /** How many items lie from `from` up to `to`: reads only the chunks in between. */
  distance(from: ListPosition, to: ListPosition): number {
    if (to.chunk < from.chunk || (to.chunk === from.chunk && to.offset <= from.offset)) return 0;
    let count = to.offset - from.offset;
    for (let i = from.chunk; i < to.chunk && i < this.chunks.length; i++)
      count += (this.chunks[i] as T[]).length;
    return count;
  }

  /** How many items come before a position. */
  rank(position: ListPosition): number {
    let count = position.offset;
    for (let i = 0; i < position.chunk && i < this.chunks.length; i++)
      count += (this.chunks[i] as T[]).length;
    return count;
  }

  /** Items from `from` (inclusive) up to `to` (exclusive), forwards or, with `backward`, in reverse. */
  *between(from: ListPosition, to: ListPosition, backward = false): Generator<T> {
    if (backward) {
      yield* this.reversed(from, to);
      return;
    }
    let { chunk, offset } = from;
    while (chunk < to.chunk || (chunk === to.chunk && offset < to.offset)) {
      const items = this.chunks[chunk];
      if (items === undefined) return;
      if (offset >= items.length) {
        chunk += 1;
        offset = 0;
        continue;
      }
      yield items[offset] as T;
      offset += 1;
    }
  }

  private *reversed(from: ListPosition, to: ListPosition): Generator<T> {
    let chunk = to.chunk;
    let offset = to.offset - 1;
    while (chunk > from.chunk || (chunk === from.chunk && offset >= from.offset)) {
      if (offset < 0) {
        chunk -= 1;
        offset = (this.chunks[chunk]?.length ?? 0) - 1;
        continue;
      }
      const item = this.chunks[chunk]?.[offset];
      if (item !== undefined) yield item;
      offset -= 1;
    }
  }

  /** The first chunk whose last item is at or after the target (the chunk count when none is). */
  private firstChunkEndingAtOrAfter(probe: Probe<T>): number {
    let low = 0;
    let high = this.chunks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const chunk = this.chunks[middle] as T[];
      if (probe(chunk[chunk.length - 1] as T) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

function firstAtOrAfter<T>(items: readonly T[], probe: Probe<T>): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (probe(items[middle] as T) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
