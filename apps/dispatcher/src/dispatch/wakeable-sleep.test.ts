import { describe, expect, it } from 'vitest';
import { WakeableSleep } from './wakeable-sleep.js';

describe('WakeableSleep', () => {
  it('ends a sleep early on wake', async () => {
    const sleeper = new WakeableSleep();
    const started = Date.now();
    const sleeping = sleeper.sleep(10_000);
    sleeper.wake();
    expect(await sleeping).toBe('woken');
    expect(Date.now() - started).toBeLessThan(1_000);
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
    const started = Date.now();
    await sleeper.sleep(10_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    await sleeper.sleep(30);
    expect(Date.now() - started).toBeGreaterThanOrEqual(25);
  });
});
