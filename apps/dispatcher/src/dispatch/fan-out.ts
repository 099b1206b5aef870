import type { Clock } from '@outreach/network';
import type { DispatchStore } from '../ports/dispatch-store.port.js';

export interface FanOutOptions {
  owner: string;
  leaseMs: number;
  /** At most this many events per call, so a backlog cannot hold due deliveries back. */
  maxEvents: number;
  /** Called after each event's deliveries exist, so they can be claimed at once. */
  onFannedOut?: () => void;
}

/**
 * Creates the deliveries of events not yet fanned out: one per subscription to the event's type in
 * its workspace that existed when the event happened (a subscription made later does not receive
 * older events). Each event is claimed with a lease, so several dispatchers share the work; the
 * deliveries are unique per (event, subscription) and the event is marked only after they exist,
 * so a crash in between just repeats the work. Returns the number of events handled.
 */
export async function fanOutPending(
  store: DispatchStore,
  clock: Clock,
  options: FanOutOptions,
): Promise<number> {
  let handled = 0;
  while (handled < options.maxEvents) {
    const event = await store.claimEventForFanOut({
      now: clock(),
      leaseMs: options.leaseMs,
      owner: options.owner,
    });
    if (event === null) break;
    const subscriptions = await store.subscriptionsFor(event.workspaceId, event.type, event.occurredAt);
    await store.createDeliveries(event, subscriptions);
    await store.markFannedOut(event.workspaceId, event.id, options.owner);
    handled += 1;
    options.onFannedOut?.();
  }
  return handled;
}
