import type { Clock } from '@outreach/network';
import type { DeliveryPair, DispatchStore, FanOutSubscription } from '../ports/dispatch-store.port.js';
import type { OutboxEvent } from '../delivery/webhook-envelope.js';

export interface FanOutOptions {
  owner: string;
  leaseMs: number;
  /** At most this many events per call, so a backlog cannot hold due deliveries back. */
  maxEvents: number;
  /** Called once the deliveries of the batch exist, so they can be claimed at once. */
  onFannedOut?: () => void;
}

/**
 * Creates the deliveries of a batch of events not yet fanned out, in four calls to the store
 * whatever the batch's size: lease the events, read the subscriptions of their (workspace, type)
 * pairs, create one delivery per event and subscription that existed when the event happened (a
 * subscription made later does not receive older events), then mark the events. The events are
 * leased, so several dispatchers share the work; deliveries are unique per (event, subscription)
 * and the events are marked only after they exist, so a crash in between just repeats the work.
 * Returns the number of events handled.
 */
export async function fanOutPending(
  store: DispatchStore,
  clock: Clock,
  options: FanOutOptions,
): Promise<number> {
  const lease = { now: clock(), leaseMs: options.leaseMs, owner: options.owner };
  const events = await store.claimEventsForFanOut(lease, options.maxEvents);
  if (events.length === 0) return 0;
  const keys = new Map(
    events.map((e) => [`${e.workspaceId}|${e.type}`, { workspaceId: e.workspaceId, type: e.type }]),
  );
  const subscriptions = await store.subscriptionsFor([...keys.values()]);
  await store.createDeliveries(pairsFor(events, subscriptions));
  await store.markFannedOut(events, options.owner);
  options.onFannedOut?.();
  return events.length;
}

/** Each event with every subscription of its workspace and type that existed when it happened. */
export function pairsFor(
  events: readonly OutboxEvent[],
  subscriptions: readonly FanOutSubscription[],
): DeliveryPair[] {
  const byKey = new Map<string, FanOutSubscription[]>();
  for (const s of subscriptions) {
    const key = `${s.workspaceId}|${s.type}`;
    byKey.set(key, [...(byKey.get(key) ?? []), s]);
  }
  return events.flatMap((event) =>
    (byKey.get(`${event.workspaceId}|${event.type}`) ?? [])
      .filter((s) => s.createdAt <= event.occurredAt)
      .map((s) => ({ event, subscription: { id: s.id, url: s.url } })),
  );
}
