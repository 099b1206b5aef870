import type { OutboxEvent } from '../delivery/webhook-envelope.js';
import type {
  ClaimedDelivery,
  ClaimRequest,
  DeliveryTarget,
  DispatchStore,
} from '../ports/dispatch-store.port.js';
import type { ClaimedWork } from './deliver-one.js';

/**
 * Claims a batch of due deliveries and reads what their attempts need, in a fixed number of round
 * trips whatever the batch's size: the claim itself (which keeps to the room the request gives),
 * then one read of the subscriptions not read yet in this pass, and one of the events not cached.
 *
 * `targets` holds the subscriptions of the pass (null: gone). An entry already there is never
 * overwritten: a subscription marked gone by a 410 while its read was under way stays gone.
 */
export async function claimBatch(
  store: DispatchStore,
  request: ClaimRequest,
  targets: Map<string, DeliveryTarget | null>,
): Promise<ClaimedWork[]> {
  const claims = await store.claimDue(request);
  if (claims.length === 0) return [];
  const events = await readForAttempts(store, claims, targets);
  return claims.map((claim) => ({
    claim,
    target: targets.get(claim.subscriptionId) ?? null,
    event: events.get(claim.eventId) ?? null,
  }));
}

async function readForAttempts(
  store: DispatchStore,
  claims: readonly ClaimedDelivery[],
  targets: Map<string, DeliveryTarget | null>,
): Promise<Map<string, OutboxEvent>> {
  const unread = new Map(
    claims
      .filter((c) => !targets.has(c.subscriptionId))
      .map((c) => [c.subscriptionId, { workspaceId: c.workspaceId, subscriptionId: c.subscriptionId }]),
  );
  const [read, events] = await Promise.all([
    unread.size > 0 ? store.loadTargets([...unread.values()]) : new Map<string, DeliveryTarget>(),
    store.loadEvents(claims.map((c) => ({ workspaceId: c.workspaceId, eventId: c.eventId }))),
  ]);
  for (const subscriptionId of unread.keys()) {
    if (!targets.has(subscriptionId)) targets.set(subscriptionId, read.get(subscriptionId) ?? null);
  }
  return events;
}
