/**
 * Repeats a pass for as long as the process runs. A pass that found work is followed at once by
 * the next one (due work is drained without idling); an idle pass is followed by a pause, so an
 * empty system costs one cheap pass per interval. `stop()` is idempotent: it wakes a sleeping loop
 * and resolves once the pass in progress has returned.
 */
export interface PollingLoopOptions {
  /** One pass; resolves to true when it did some work. */
  pass: () => Promise<boolean>;
  intervalMs: number;
  /** A failed pass is reported and the loop goes on after the usual pause. */
  onError: (error: unknown) => void;
}

export interface PollingLoop {
  stop(): Promise<void>;
}

export function startPollingLoop(options: PollingLoopOptions): PollingLoop {
  let stopping = false;
  let wake: (() => void) | undefined;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      }
      wake = done;
    });

  const run = async () => {
    while (!stopping) {
      let busy = false;
      try {
        busy = await options.pass();
      } catch (error) {
        options.onError(error);
      }
      if (stopping) break;
      // A busy pass still yields to the event loop so timers and I/O callbacks are not starved.
      await pause(busy ? 0 : options.intervalMs);
    }
  };
  const running = run();

  return {
    stop() {
      stopping = true;
      wake?.();
      return running;
    },
  };
}
