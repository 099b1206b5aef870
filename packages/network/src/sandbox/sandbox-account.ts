import type { WireEvent } from '../wire/provider-wire.schema.js';
import { MinHeap } from './min-heap.js';

/** Something the network will do later: an acceptance or a reply, due at `dueMs`. */
interface ScheduledEvent {
  dueMs: number;
  event: WireEvent;
  /**
   * The change of state that comes with the event (e.g. the pair becomes connected). Returns
   * false when the event no longer applies (a forced acceptance got there first): it is dropped.
   */
  apply: () => boolean;
}

export interface SandboxAccountView {
  id: string;
  inmailAllowed: boolean;
  sessionExpired: boolean;
  sessionExpiredReason: string | null;
  createdAt: string;
}

/**
 * One sender account as the provider sees it: its entitlement, its session and its event feed.
 * The feed is append-only and numbered, so a cursor is a position in it and a re-poll from an
 * old cursor returns the very same events (same ids) again.
 */
export class SandboxAccount {
  inmailAllowed: boolean;
  sessionExpiredReason: string | null = null;
  sessionExpiries = 0;
  readonly createdAt: Date;
  private readonly feed: WireEvent[] = [];
  private readonly scheduled = new MinHeap<ScheduledEvent>(
    (a, b) => a.dueMs < b.dueMs || (a.dueMs === b.dueMs && a.event.id < b.event.id),
  );

  constructor(
    readonly id: string,
    inmailAllowed: boolean,
    now: Date,
  ) {
    this.inmailAllowed = inmailAllowed;
    this.createdAt = now;
  }

  get sessionExpired(): boolean {
    return this.sessionExpiredReason !== null;
  }

  schedule(dueMs: number, event: WireEvent, apply: () => boolean = () => true): void {
    this.scheduled.push({ dueMs, event, apply });
  }

  /** Publishes now an event that happened now (session loss, a forced reply or acceptance). */
  publish(event: WireEvent): void {
    this.feed.push(event);
  }

  /**
   * Moves every scheduled event that is due by `nowMs` into the feed, in time order, and applies
   * its change of state. Called before anything reads the account, so that state and feed always
   * reflect the current time.
   */
  settle(nowMs: number): void {
    for (let next = this.scheduled.peek(); next && next.dueMs <= nowMs; next = this.scheduled.peek()) {
      this.scheduled.pop();
      if (next.apply()) this.feed.push(next.event);
    }
  }

  /** Events after `cursor` (a feed position), at most `limit` of them. */
  page(cursor: number, limit: number): { events: WireEvent[]; cursor: number; hasMore: boolean } {
    const start = Math.min(Math.max(cursor, 0), this.feed.length);
    const events = this.feed.slice(start, start + limit);
    const end = start + events.length;
    return { events, cursor: end, hasMore: end < this.feed.length };
  }

  view(): SandboxAccountView {
    return {
      id: this.id,
      inmailAllowed: this.inmailAllowed,
      sessionExpired: this.sessionExpired,
      sessionExpiredReason: this.sessionExpiredReason,
      createdAt: this.createdAt.toISOString(),
    };
  }
}
