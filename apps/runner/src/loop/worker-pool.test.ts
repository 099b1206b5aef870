import { describe, expect, it } from 'vitest';
import { drainWithWorkers } from './worker-pool.js';

function queue(size: number) {
  const items = Array.from({ length: size }, (_, i) => i);
  return async () => items.shift() ?? null;
}

describe('drainWithWorkers', () => {
  it('handles every item exactly once with several workers', async () => {
    const seen: number[] = [];
    const handled = await drainWithWorkers({
      concurrency: 3,
      budget: 100,
      claim: queue(10),
      handle: async (item) => {
        await new Promise((resolve) => setTimeout(resolve, item % 3));
        seen.push(item);
      },
      isStopping: () => false,
    });
    expect(handled).toBe(10);
    expect(seen.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('never runs more handlers at once than the concurrency', async () => {
    let running = 0;
    let peak = 0;
    await drainWithWorkers({
      concurrency: 2,
      budget: 100,
      claim: queue(8),
      handle: async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        running -= 1;
      },
      isStopping: () => false,
    });
    expect(peak).toBe(2);
  });

  it('stops claiming at the pass budget', async () => {
    const handled = await drainWithWorkers({
      concurrency: 4,
      budget: 5,
      claim: queue(50),
      handle: async () => undefined,
      isStopping: () => false,
    });
    expect(handled).toBe(5);
  });

  it('stops claiming once the runner is stopping', async () => {
    let stopping = false;
    const handled = await drainWithWorkers({
      concurrency: 1,
      budget: 100,
      claim: queue(50),
      handle: async (item) => {
        if (item === 2) stopping = true;
      },
      isStopping: () => stopping,
    });
    expect(handled).toBe(3);
  });
});

describe('drainWithWorkers on an empty queue', () => {
  it('claims once, whatever the concurrency', async () => {
    let claims = 0;
    const handled = await drainWithWorkers({
      concurrency: 8,
      budget: 100,
      claim: async () => {
        claims += 1;
        return null;
      },
      handle: async () => undefined,
      isStopping: () => false,
    });
    expect(handled).toBe(0);
    expect(claims).toBe(1);
  });
});

describe('drainWithWorkers completion', () => {
  it('resolves only after every handler, including those of workers added late, has finished', async () => {
    const finished: number[] = [];
    const handled = await drainWithWorkers({
      concurrency: 3,
      budget: 100,
      claim: queue(3),
      handle: async (item) => {
        await new Promise((resolve) => setTimeout(resolve, 10 * (item + 1)));
        finished.push(item);
      },
      isStopping: () => false,
    });
    expect(handled).toBe(3);
    expect(finished.sort()).toEqual([0, 1, 2]);
  });
});

describe('drainWithWorkers when a claim fails (the database gone)', () => {
  it('rejects with that failure only once every running handler has finished, claiming no more', async () => {
    let open: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const outage = new Error('database unreachable');
    let claims = 0;
    const finished: number[] = [];
    const drained = drainWithWorkers({
      concurrency: 4,
      budget: 100,
      claim: async () => {
        claims += 1;
        if (claims === 1) return 1;
        throw outage;
      },
      handle: async (item) => {
        await gate;
        finished.push(item);
      },
      isStopping: () => false,
    });
    const settled = drained.then(
      () => 'resolved',
      (error: unknown) => ({ error, finishedThen: [...finished] }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    open();

    expect(await settled).toEqual({ error: outage, finishedThen: [1] });
    expect(claims).toBe(2);
  });
});
