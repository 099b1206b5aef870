import { performance } from 'node:perf_hooks';
import type { Db, WorkspaceId } from '@outreach/db';

/** One attempt's end, as a subscription's health counts it. */
export interface AttemptEnd {
  workspaceId: WorkspaceId;
  /** The subscription's id. */
  id: string;
  succeeded: boolean;
  at: Date;
}

/** How often the health of subscriptions is written at most, in real milliseconds. */
export const HEALTH_EVERY_MS = 250;

/**
 * Writes the health of subscriptions (last success, last failure, failures in a row) from the
 * attempts that ended, at most once per `everyMs`: the first ends after a quiet spell are written
 * at once, those that come while a write is under way or within `everyMs` of the last one wait for
 * the next write, which takes them all in one bulk write (one round trip, counted as if they had
 * been written one by one, in the order they ended). Under load that is a few writes a second
 * instead of one per batch of settlements.
 *
 * Health is informative: the deliveries are settled before their ends come here, so a failed write
 * is dropped, and a process that dies loses at most `everyMs` of health, never a delivery.
 */
export class HealthWriter {
  private waiting: AttemptEnd[] = [];
  /** The write under way, or the timer of the next one. */
  private writing: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private wakeTimer: (() => void) | null = null;
  private lastWriteAt = Number.NEGATIVE_INFINITY;
  /** Flushes under way: while there is one, nothing waits out `everyMs`. */
  private flushing = 0;

  constructor(
    private readonly db: Db,
    private readonly everyMs = HEALTH_EVERY_MS,
  ) {}

  record(ends: readonly AttemptEnd[]): void {
    if (ends.length === 0) return;
    this.waiting.push(...ends);
    this.writing ??= this.writeAll();
  }

  /** Writes what waits now, without waiting for `everyMs`; resolves once nothing waits. */
  async flush(): Promise<void> {
    this.flushing += 1;
    try {
      while (this.writing !== null) {
        this.wakeTimer?.();
        await this.writing;
      }
    } finally {
      this.flushing -= 1;
    }
  }

  private async writeAll(): Promise<void> {
    while (this.waiting.length > 0) {
      const wait = this.lastWriteAt + this.everyMs - performance.now();
      if (wait > 0 && this.flushing === 0) await this.pause(wait);
      const ends = this.waiting.splice(0);
      this.lastWriteAt = performance.now();
      await this.db.webhookSubscriptions.recordAttemptOutcomesAcrossWorkspaces(ends).catch(() => undefined);
    }
    this.writing = null;
  }

  /** Sleeps `ms`, or until `flush` cuts it short. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        if (this.timer !== null) clearTimeout(this.timer);
        this.timer = null;
        this.wakeTimer = null;
        resolve();
      };
      this.wakeTimer = wake;
      this.timer = setTimeout(wake, ms);
    });
  }
}
