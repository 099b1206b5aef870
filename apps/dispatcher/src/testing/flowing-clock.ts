import { performance } from 'node:perf_hooks';
import { createManualClock, type Clock } from '@outreach/network';

export interface FlowingClock extends Clock {
  /** Jumps ahead by `ms`, on top of the real time that passes. */
  advance(ms: number): void;
}

/**
 * A clock that moves with real time from `start` and jumps ahead when told to, for tests that run
 * the dispatcher's own loop (which expects time to pass). Tests that move time only by hand use
 * the network package's manual clock.
 */
export function createFlowingClock(start: Date = new Date()): FlowingClock {
  const jumps = createManualClock(start);
  const startedAt = performance.now();
  const clock = (() =>
    new Date(jumps().getTime() + Math.floor(performance.now() - startedAt))) as FlowingClock;
  clock.advance = (ms: number) => {
    jumps.advance(ms);
  };
  return clock;
}
