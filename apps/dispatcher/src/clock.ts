/** Where time comes from. Injected everywhere so tests can run days of retries in milliseconds. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A source of uniform numbers in [0, 1); injected so jitter is reproducible in tests. */
export type RandomSource = () => number;

/**
 * A clock running `scale` times faster than real time from `epoch` (when it equals real time).
 * Local demos compress days into seconds; the dispatcher must read the same time as the processes
 * that write events and due times, so it takes the same scale and epoch.
 */
export function scaledClock(scale: number, epoch: Date, realNow: () => number = Date.now): Clock {
  if (!(scale > 0) || !Number.isFinite(scale))
    throw new RangeError(`clock scale must be positive, got ${scale}`);
  const start = epoch.getTime();
  return { now: () => new Date(start + (realNow() - start) * scale) };
}
