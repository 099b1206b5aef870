import type { Clock } from '../clock.js';
import { MinHeap } from '../simulation/min-heap.js';

interface Scheduled {
  dueMs: number;
  order: number;
  apply: () => void;
}

/** A webhook body, with a key naming the event for the deterministic drop decision. */
export interface SimWebhook {
  key: string;
  payload: Record<string, unknown>;
}

/**
 * Time in the simulated Unipile: the clock, the changes the network will make later (applied in
 * time order, those due at the same time in the order they were scheduled), and the webhooks it
 * pushes once they are due.
 */
export class SimTimeline {
  private scheduled = emptySchedule();
  /** Orders the changes scheduled for one time; status webhooks are keyed by it too. */
  protected order = 0;

  constructor(
    private readonly clock: Clock,
    protected readonly emit: (webhook: SimWebhook) => void,
  ) {}

  now(): number {
    return this.clock().getTime();
  }

  schedule(dueMs: number, apply: () => void): void {
    this.scheduled.push({ dueMs, order: this.order++, apply });
  }

  /** Applies every scheduled change that is due, in time order, and emits its webhook. */
  settle(): void {
    const nowMs = this.now();
    for (let next = this.scheduled.peek(); next && next.dueMs <= nowMs; next = this.scheduled.peek()) {
      this.scheduled.pop();
      next.apply();
    }
  }

  /** A webhook pushed once `dueMs` is reached (at once when it already is). */
  pushAt(dueMs: number, webhook: SimWebhook): void {
    if (dueMs <= this.now()) return this.emit(webhook);
    this.schedule(dueMs, () => this.emit(webhook));
  }

  /** Forgets every scheduled change; the order keeps counting. */
  protected clearSchedule(): void {
    this.scheduled = emptySchedule();
  }
}

function emptySchedule(): MinHeap<Scheduled> {
  return new MinHeap<Scheduled>((a, b) => a.dueMs < b.dueMs || (a.dueMs === b.dueMs && a.order < b.order));
}
