/**
 * How many requests one API process serves at once, and what happens to the rest: up to
 * `maxInFlight` are served, up to `maxQueue` more wait (first come, first served) for at most
 * `maxQueueWaitMs`, and any other is refused at once. A process that takes every request queues
 * them in its event loop and its database pool until clients time out; refusing early keeps the
 * answers it does give quick and tells the others to come back later.
 *
 * Free of Express, so the rules are tested on their own (`admission-gate.test.ts`).
 */

export interface AdmissionLimits {
  /** Requests served at the same time. */
  maxInFlight: number;
  /** Requests that may wait for a free place; 0: none wait. */
  maxQueue: number;
  /** How long a request may wait for a place before it is refused. */
  maxQueueWaitMs: number;
}

/** Why a request was refused. */
export type RefusalReason = 'queue_full' | 'waited_too_long' | 'event_loop_delayed';

export type Admission =
  | { kind: 'admitted'; release: () => void }
  | { kind: 'refused'; reason: RefusalReason }
  /** The client went away while its request waited: nothing to answer. */
  | { kind: 'abandoned' };

export interface AdmissionGate {
  /**
   * A place for one request, now or after a wait; `abandon` is called by the caller when the
   * client goes away. Call `release` of an admission exactly when the request is over (extra
   * calls are ignored).
   */
  enter(onAbandon: (abandon: () => void) => void): Promise<Admission>;
  inFlight(): number;
  waiting(): number;
}

interface Waiter {
  admit: () => void;
  timer: NodeJS.Timeout;
}

/**
 * `delayed()` says whether the event loop is running late right now; while it is, nothing waits:
 * a request that finds no free place is refused at once instead of queueing behind a loop that
 * cannot keep up.
 */
export function createAdmissionGate(
  limits: AdmissionLimits,
  delayed: () => boolean = () => false,
): AdmissionGate {
  let inFlight = 0;
  const queue: Waiter[] = [];

  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inFlight -= 1;
      // The place goes straight to the oldest waiter, so a newcomer cannot overtake the queue.
      const next = queue.shift();
      if (next !== undefined) {
        clearTimeout(next.timer);
        inFlight += 1;
        next.admit();
      }
    };
  };

  return {
    enter(onAbandon) {
      if (inFlight < limits.maxInFlight && queue.length === 0) {
        inFlight += 1;
        return Promise.resolve({ kind: 'admitted', release: releaser() });
      }
      if (delayed()) return Promise.resolve({ kind: 'refused', reason: 'event_loop_delayed' });
      if (queue.length >= limits.maxQueue) return Promise.resolve({ kind: 'refused', reason: 'queue_full' });
      return new Promise<Admission>((resolve) => {
        const leave = () => {
          const index = queue.indexOf(waiter);
          if (index < 0) return false;
          queue.splice(index, 1);
          clearTimeout(waiter.timer);
          return true;
        };
        const waiter: Waiter = {
          admit: () => resolve({ kind: 'admitted', release: releaser() }),
          timer: setTimeout(() => {
            if (leave()) resolve({ kind: 'refused', reason: 'waited_too_long' });
          }, limits.maxQueueWaitMs),
        };
        queue.push(waiter);
        onAbandon(() => {
          if (leave()) resolve({ kind: 'abandoned' });
        });
      });
    },
    inFlight: () => inFlight,
    waiting: () => queue.length,
  };
}
