import type { DispatchStore, Settlement } from '../ports/dispatch-store.port.js';

interface Waiting {
  settlement: Settlement;
  resolve: (written: boolean) => void;
  reject: (err: unknown) => void;
}

/**
 * Gathers the settlements of deliveries that end close together into one `store.settle` call:
 * the first one starts a write at the next turn of the event loop, and every one that ends while
 * that write is under way goes into the next. Each caller still learns whether its own write
 * happened (false: the lease was lost), and a failed write fails every settlement in it.
 */
export class SettleQueue {
  private waiting: Waiting[] = [];
  /** The writes under way, until the queue is empty again. */
  private writing: Promise<void> | null = null;

  constructor(private readonly store: DispatchStore) {}

  settle(settlement: Settlement): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ settlement, resolve, reject });
      this.writing ??= new Promise<void>((done) => {
        setImmediate(() => void this.writeAll().then(done));
      });
    });
  }

  /** Resolves once every settlement asked for so far has been written (or has failed). */
  async idle(): Promise<void> {
    while (this.writing !== null) await this.writing;
  }

  private async writeAll(): Promise<void> {
    while (this.waiting.length > 0) {
      const batch = this.waiting.splice(0);
      try {
        const written = await this.store.settle(batch.map((w) => w.settlement));
        batch.forEach((w, index) => w.resolve(written[index] === true));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    this.writing = null;
  }
}
