/**
 * A sleep that another part of the process can cut short (work arrived, a slot freed up, we are
 * stopping). A wake while nobody sleeps is kept for the next sleep, which then returns at once:
 * the loop was busy when the news came, and must look again before it rests.
 */
export class WakeableSleep {
  private wakeCurrent: (() => void) | null = null;
  private pendingWake = false;

  /** Resolves `'woken'` when cut short, `'elapsed'` when the time ran out. */
  sleep(ms: number): Promise<'woken' | 'elapsed'> {
    if (this.pendingWake) {
      this.pendingWake = false;
      return Promise.resolve('woken');
    }
    return new Promise((resolve) => {
      const end = (how: 'woken' | 'elapsed'): void => {
        clearTimeout(timer);
        if (this.wakeCurrent === wake) this.wakeCurrent = null;
        resolve(how);
      };
      const wake = (): void => end('woken');
      const timer = setTimeout(() => end('elapsed'), ms);
      this.wakeCurrent = wake;
    });
  }

  wake(): void {
    if (this.wakeCurrent) this.wakeCurrent();
    else this.pendingWake = true;
  }
}
