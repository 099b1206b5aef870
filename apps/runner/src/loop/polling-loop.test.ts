import { describe, expect, it } from 'vitest';
import { startPollingLoop } from './polling-loop.js';

describe('polling loop', () => {
  it('runs busy passes back to back and pauses after an idle one', async () => {
    const busyAnswers = [true, true, false];
    let passes = 0;
    const loop = startPollingLoop({
      intervalMs: 60_000,
      onError: () => undefined,
      pass: async () => {
        passes += 1;
        return busyAnswers.shift() ?? false;
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await loop.stop();
    // Three passes ran at once; the idle third one started a pause that stop() cut short.
    expect(passes).toBe(3);
  });

  it('keeps going after a failed pass and reports the error', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const loop = startPollingLoop({
      intervalMs: 1,
      onError: (error) => errors.push(error),
      pass: async () => {
        passes += 1;
        if (passes === 1) throw new Error('database unreachable');
        return false;
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    await loop.stop();
    expect(errors).toHaveLength(1);
    expect(passes).toBeGreaterThan(1);
  });

  it('resolves stop only after the pass in progress has returned, and stop is idempotent', async () => {
    let finished = false;
    const loop = startPollingLoop({
      intervalMs: 1,
      onError: () => undefined,
      pass: async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
        finished = true;
        return false;
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([loop.stop(), loop.stop()]);
    expect(finished).toBe(true);
  });
});
