import { describe, expect, it } from 'vitest';
import { WakeableSleep } from './wakeable-sleep.js';

describe('WakeableSleep', () => {
  it('ends a sleep early on wake', async () => {
    const sleeper = new WakeableSleep();
    // Far longer than any test may run: returning at all proves the wake cut it short.
    const sleeping = sleeper.sleep(3_600_000);
    sleeper.wake();
    expect(await sleeping).toBe('woken');
  });

  it('ends a sleep on its own after the given time', async () => {
    const started = Date.now();
    expect(await new WakeableSleep().sleep(30)).toBe('elapsed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });

  it('keeps a wake that came while nobody slept for the next sleep only', async () => {
    const sleeper = new WakeableSleep();
    sleeper.wake();
    sleeper.wake();
    expect(await sleeper.sleep(3_600_000)).toBe('woken');
    const started = Date.now();
    expect(await sleeper.sleep(30)).toBe('elapsed');
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
