import type { Db } from '@outreach/db';
import type { Clock } from '@outreach/network';
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';

/**
 * Every metric of the dispatcher, named and labelled here and nowhere else. Labels are bounded
 * (outcomes); no workspace, subscription, event or delivery id and no URL is a label. The backlog
 * gauges are read from the database when scraped, the receivers' from this process's own state;
 * the process metrics and the MongoDB pool's come with the registry.
 */
export interface DispatcherMetrics {
  registry: Registry;
  /** Claimed deliveries by what became of them. */
  deliveries: Counter<'outcome'>;
  /** From the start of a delivery's attempt to its outcome written, by outcome. */
  deliveryDuration: Histogram<'outcome'>;
}

/** What the in-memory gauges read from the running dispatcher. */
export interface DispatcherState {
  readonly inFlightCount: number;
  readonly bufferedCount: number;
  /** Receivers with as many requests in flight as one subscription may have (held back). */
  receiversAtLimit(): number;
  /** Receivers whose last attempt in this process failed (retried on the schedule). */
  receiversFailing(): number;
}

/** A backlog larger than this is counted as this: the count stays one bounded index read. */
export const PENDING_COUNT_LIMIT = 100_000;

/** Seconds: receivers answer within milliseconds to the timeout (15 s by default). */
const DELIVERY_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15, 30];

export function createDispatcherMetrics(
  registry: Registry,
  sources: { db?: Db; clock?: Clock; state?: () => DispatcherState | null; refreshMs?: number } = {},
): DispatcherMetrics {
  const registers = [registry];
  const readBacklog = sources.db
    ? backlogReader(sources.db, sources.clock ?? (() => new Date()), sources.refreshMs ?? 10_000)
    : null;
  const fromState = (pick: (state: DispatcherState) => number) => ({
    collect(this: Gauge) {
      const state = sources.state?.();
      if (state) this.set(pick(state));
    },
  });
  new Gauge({
    name: 'dispatcher_deliveries_pending',
    help: 'Deliveries waiting to be sent (due now or retrying later), every workspace, counted at scrape time, at most 100000',
    registers,
    async collect() {
      if (readBacklog) this.set((await readBacklog()).pending);
    },
  });
  new Gauge({
    name: 'dispatcher_oldest_pending_delivery_age_seconds',
    help: 'How long the most overdue pending delivery has been due (product time); 0 when none is overdue',
    registers,
    async collect() {
      if (readBacklog) this.set((await readBacklog()).oldestAgeSeconds);
    },
  });
  new Gauge({
    name: 'dispatcher_deliveries_in_flight',
    help: 'Requests to receivers in flight in this process',
    registers,
    ...fromState((s) => s.inFlightCount),
  });
  new Gauge({
    name: 'dispatcher_deliveries_buffered',
    help: 'Deliveries claimed ahead and waiting for a request slot in this process',
    registers,
    ...fromState((s) => s.bufferedCount),
  });
  new Gauge({
    name: 'dispatcher_receivers_paused',
    help: 'Receivers held back: as many requests in flight as one subscription may have, the rest of their deliveries waiting',
    registers,
    ...fromState((s) => s.receiversAtLimit()),
  });
  new Gauge({
    name: 'dispatcher_receivers_failing',
    help: 'Receivers whose last attempt from this process failed: their deliveries wait on the retry schedule',
    registers,
    ...fromState((s) => s.receiversFailing()),
  });
  return {
    registry,
    deliveries: new Counter({
      name: 'dispatcher_deliveries_total',
      help: 'Claimed deliveries by outcome: delivered, retry_scheduled, failed (for good), released (handed back unsent), lease_lost, error',
      labelNames: ['outcome'] as const,
      registers,
    }),
    deliveryDuration: new Histogram({
      name: 'dispatcher_delivery_duration_seconds',
      help: "A delivery's attempt from its start to its outcome written: the receiver's answer and the write, by outcome",
      labelNames: ['outcome'] as const,
      buckets: DELIVERY_BUCKETS,
      registers,
    }),
  };
}

/** One reading of the backlog for both gauges, at most every `minIntervalMs`. */
function backlogReader(db: Db, clock: Clock, minIntervalMs: number) {
  let last: { at: number; reading: Promise<{ pending: number; oldestAgeSeconds: number }> } | null = null;
  return () => {
    const now = Date.now();
    if (last === null || now - last.at >= minIntervalMs) {
      const reading = db.deliveries
        .pendingBacklogAcrossWorkspaces(PENDING_COUNT_LIMIT)
        .then(({ pending, oldestDueAt }) => ({
          pending,
          oldestAgeSeconds:
            oldestDueAt === null ? 0 : Math.max(0, (clock().getTime() - oldestDueAt.getTime()) / 1000),
        }));
      last = { at: now, reading };
      reading.catch(() => {
        if (last?.reading === reading) last = null;
      });
    }
    return last.reading;
  };
}
