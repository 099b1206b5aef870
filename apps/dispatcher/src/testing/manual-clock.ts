import { performance } from 'node:perf_hooks';
import type { Clock } from '../clock.js';

/**
 * A clock that jumps when told to. Frozen between jumps by default; a `flowing` one also moves
 * with real time, for tests that run the dispatcher's own loop (which expects time to pass).
 */
export class ManualClock implements Clock {
  private offset = 0;
  private readonly startedAt = performance.now();

  constructor(
    private readonly start: Date = new Date(),
    private readonly flowing = false,
  ) {}

  now(): Date {
    const elapsed = this.flowing ? performance.now() - this.startedAt : 0;
    return new Date(this.start.getTime() + this.offset + Math.floor(elapsed));
  }

  advance(ms: number): void {
    this.offset += ms;
  }
}
