/**
 * The admission rules of load shedding: how many are served, who waits and in what order, when a
 * waiter gives up, and that a place is never lost or counted twice (a lost place would shrink
 * the process for good; one counted twice would let it overrun its limit).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdmissionGate, type Admission, type AdmissionGate } from './admission-gate.js';

const limits = { maxInFlight: 2, maxQueue: 2, maxQueueWaitMs: 1_000 };

/** Enters and keeps the abandon callback, so a test can play the client going away. */
function enter(gate: AdmissionGate): { admission: Promise<Admission>; abandon: () => void } {
  let abandon: () => void = () => undefined;
  const admission = gate.enter((callback) => (abandon = callback));
  return { admission, abandon: () => abandon() };
}

async function admitted(admission: Promise<Admission>): Promise<() => void> {
  const result = await admission;
  if (result.kind !== 'admitted') throw new Error(`not admitted: ${JSON.stringify(result)}`);
  return result.release;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the admission gate', () => {
  it('serves up to maxInFlight at once, queues up to maxQueue, and refuses the rest at once', async () => {
    const gate = createAdmissionGate(limits);
    await admitted(enter(gate).admission);
    await admitted(enter(gate).admission);
    enter(gate);
    enter(gate);
    expect(gate.inFlight()).toBe(2);
    expect(gate.waiting()).toBe(2);
    await expect(enter(gate).admission).resolves.toEqual({ kind: 'refused', reason: 'queue_full' });
  });

  it('hands a freed place to the oldest waiter, first come first served', async () => {
    const gate = createAdmissionGate({ ...limits, maxInFlight: 1 });
    const release = await admitted(enter(gate).admission);
    const order: string[] = [];
    const first = enter(gate).admission.then((a) => (order.push('first'), a));
    const second = enter(gate).admission.then((a) => (order.push('second'), a));
    release();
    const releaseFirst = await admitted(first);
    expect(order).toEqual(['first']);
    expect(gate.inFlight()).toBe(1);
    releaseFirst();
    await admitted(second);
    expect(order).toEqual(['first', 'second']);
  });

  it('refuses a waiter after maxQueueWaitMs and frees its place in the queue', async () => {
    const gate = createAdmissionGate({ ...limits, maxInFlight: 1, maxQueue: 1 });
    await admitted(enter(gate).admission);
    const waiting = enter(gate).admission;
    vi.advanceTimersByTime(999);
    expect(gate.waiting()).toBe(1);
    vi.advanceTimersByTime(1);
    await expect(waiting).resolves.toEqual({ kind: 'refused', reason: 'waited_too_long' });
    expect(gate.waiting()).toBe(0);
    expect(gate.inFlight()).toBe(1);
  });

  it('counts a release once however often it is called', async () => {
    const gate = createAdmissionGate(limits);
    const release = await admitted(enter(gate).admission);
    await admitted(enter(gate).admission);
    release();
    release();
    expect(gate.inFlight()).toBe(1);
  });

  it('drops a waiter whose client went away, without giving it a place', async () => {
    const gate = createAdmissionGate({ ...limits, maxInFlight: 1 });
    const release = await admitted(enter(gate).admission);
    const gone = enter(gate);
    const next = enter(gate);
    gone.abandon();
    await expect(gone.admission).resolves.toEqual({ kind: 'abandoned' });
    release();
    await admitted(next.admission);
    expect(gate.inFlight()).toBe(1);
    expect(gate.waiting()).toBe(0);
  });

  it('lets nothing wait while the event loop runs late, but still serves free places', async () => {
    let late = true;
    const gate = createAdmissionGate(limits, () => late);
    await admitted(enter(gate).admission);
    await admitted(enter(gate).admission);
    await expect(enter(gate).admission).resolves.toEqual({ kind: 'refused', reason: 'event_loop_delayed' });
    late = false;
    enter(gate);
    expect(gate.waiting()).toBe(1);
  });
});
