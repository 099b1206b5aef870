import { monitorEventLoopDelay } from 'node:perf_hooks';

/** What the watch reads of `perf_hooks`' delay histogram (nanoseconds). */
export interface DelayHistogram {
  readonly count: number;
  percentile(p: number): number;
  reset(): void;
  enable(): void;
  disable(): void;
}

export interface EventLoopDelayWatch {
  /** True while the last window's 99th percentile of the loop's delay was over the threshold. */
  delayed(): boolean;
  /** That percentile, in milliseconds (0 before the first window ends). */
  lastP99Ms(): number;
  stop(): void;
}

/** How often the loop is sampled; the delay measured includes this interval, subtracted below. */
const RESOLUTION_MS = 10;

/**
 * Samples the event loop's delay and judges it once per `windowMs`: a loop whose 99th percentile
 * delay in the last window exceeded `thresholdMs` is running late, and every request it takes on
 * waits that long on top of its own work. Nothing is kept alive by the watch (its timer is
 * unreferenced). A threshold of 0 turns it off.
 */
export function watchEventLoopDelay(
  thresholdMs: number,
  windowMs = 1_000,
  histogram: DelayHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS }),
): EventLoopDelayWatch {
  if (thresholdMs <= 0) return { delayed: () => false, lastP99Ms: () => 0, stop: () => undefined };
  histogram.enable();
  let p99Ms = 0;
  const timer = setInterval(() => {
    p99Ms = histogram.count === 0 ? 0 : Math.max(0, histogram.percentile(99) / 1e6 - RESOLUTION_MS);
    histogram.reset();
  }, windowMs);
  timer.unref();
  return {
    delayed: () => p99Ms > thresholdMs,
    lastP99Ms: () => p99Ms,
    stop() {
      clearInterval(timer);
      histogram.disable();
    },
  };
}
