/**
 * The settle queue writes settlements that end close together in one store call, and `idle()` lets
 * shutdown wait for every write asked for, hand-backs included.
 */
import { describe, expect, it } from 'vitest';
import type { DispatchStore, Settlement } from '../ports/dispatch-store.port.js';
import { SettleQueue } from './settle-queue.js';

function settlement(id: string): Settlement {
  return {
    claim: {
      id,
      workspaceId: 'ws_1',
      eventId: 'evt_1',
      subscriptionId: 'sub_1',
      attempt: 1,
      owner: 'd1',
      leaseUntil: new Date(0),
      leaseToken: 't',
    },
    attempt: null,
    outcome: { status: 'released', nextAttemptAt: new Date(0) },
  };
}

function recordingStore(fail = false): { store: DispatchStore; calls: string[][] } {
  const calls: string[][] = [];
  const store = {
    async settle(settlements: readonly Settlement[]) {
      calls.push(settlements.map((s) => s.claim.id));
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (fail) throw new Error('database down');
      return settlements.map((s) => s.claim.id !== 'lost');
    },
  } as unknown as DispatchStore;
  return { store, calls };
}

describe('SettleQueue', () => {
  it('writes settlements asked for in one turn together and tells each whether it was written', async () => {
    const { store, calls } = recordingStore();
    const queue = new SettleQueue(store);
    const results = await Promise.all([queue.settle(settlement('a')), queue.settle(settlement('lost'))]);
    expect(calls).toEqual([['a', 'lost']]);
    expect(results).toEqual([true, false]);
  });

  it('is idle only once every write asked for, including those queued meanwhile, is done', async () => {
    const { store, calls } = recordingStore();
    const queue = new SettleQueue(store);
    let written = 0;
    void queue.settle(settlement('a')).then(() => (written += 1));
    setImmediate(() => void queue.settle(settlement('b')).then(() => (written += 1)));
    await queue.idle();
    expect(calls).toEqual([['a'], ['b']]);
    expect(written).toBe(2);
    await queue.idle();
  });

  it('fails every settlement of a failed write, and is idle afterwards', async () => {
    const { store } = recordingStore(true);
    const queue = new SettleQueue(store);
    const outcomes = await Promise.allSettled([queue.settle(settlement('a')), queue.settle(settlement('b'))]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    await queue.idle();
  });
});
