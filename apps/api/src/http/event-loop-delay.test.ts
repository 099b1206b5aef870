/**
 * The event-loop signal of load shedding: the 99th percentile of each window is judged against the
 * threshold, late for exactly the windows whose delay was over it, and a real blocked loop is
 * seen. The window arithmetic runs on a stand-in histogram and fake timers (a loaded machine's
 * own delays would decide a real one); the real sampler is only asked to see a block far longer
 * than the threshold, which load can only make longer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchEventLoopDelay, type DelayHistogram, type EventLoopDelayWatch } from './event-loop-delay.js';

const WINDOW_MS = 200;
const REAL_WINDOW_MS = 1_000;
let watch: EventLoopDelayWatch | undefined;

afterEach(() => {
  watch?.stop();
  vi.useRealTimers();
});

/** A histogram whose 99th percentile the test sets, in milliseconds of delay. */
function histogramAt(): DelayHistogram & { p99Ms: number; enabled: boolean } {
  return {
    p99Ms: 0,
    enabled: false,
    count: 1,
    // The sampler's readings include its 10 ms resolution; the watch takes it off.
    percentile() {
      return (this.p99Ms + 10) * 1e6;
    },
    reset() {
      this.p99Ms = 0;
    },
    enable() {
      this.enabled = true;
    },
    disable() {
      this.enabled = false;
    },
  };
}

function blockLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // the process does nothing else meanwhile: that is the point
  }
}

describe('the event-loop delay watch', () => {
  it('is late for a window whose p99 delay exceeded the threshold, and on time after a calm one', () => {
    vi.useFakeTimers();
    const histogram = histogramAt();
    watch = watchEventLoopDelay(250, WINDOW_MS, histogram);
    expect(histogram.enabled).toBe(true);
    histogram.p99Ms = 240;
    vi.advanceTimersByTime(WINDOW_MS);
    expect(watch.delayed()).toBe(false);
    histogram.p99Ms = 900;
    vi.advanceTimersByTime(WINDOW_MS);
    expect(watch.delayed()).toBe(true);
    expect(watch.lastP99Ms()).toBe(900);
    // The window's samples were reset: a calm window follows.
    vi.advanceTimersByTime(WINDOW_MS);
    expect(watch.delayed()).toBe(false);
    watch.stop();
    expect(histogram.enabled).toBe(false);
  });

  it('sees a real loop blocked for a second within two windows', async () => {
    // One-second windows: the delayed window stands for a whole second, so a reader that a loaded
    // machine holds up for a few hundred milliseconds still finds it (with 200 ms windows it could
    // be replaced by a calm one before the reader ran).
    watch = watchEventLoopDelay(250, REAL_WINDOW_MS);
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        blockLoop(1_000);
        resolve();
      }, 10),
    );
    // The block's sample lands in the window it ended in or the next one.
    let reported = 0;
    for (let round = 0; round < 500 && reported === 0; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      if (watch.delayed()) reported = watch.lastP99Ms();
    }
    expect(reported).toBeGreaterThan(250);
  });

  it('never reports a delay when switched off (threshold 0)', () => {
    vi.useFakeTimers();
    const histogram = histogramAt();
    watch = watchEventLoopDelay(0, WINDOW_MS, histogram);
    histogram.p99Ms = 5_000;
    vi.advanceTimersByTime(WINDOW_MS * 3);
    expect(watch.delayed()).toBe(false);
    expect(histogram.enabled).toBe(false);
  });
});
