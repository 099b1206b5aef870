/**
 * Pending hangs of `timeout` faults. Closing the sandbox cancels them, so a test's teardown does
 * not wait for a request that was meant to outlast a client's timer.
 */
export class HangTimers {
  private readonly timers = new Set<NodeJS.Timeout>();

  /** Resolves after `ms`, or never if the sandbox closes first. */
  wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  cancelAll(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
