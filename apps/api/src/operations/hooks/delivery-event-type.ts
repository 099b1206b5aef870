import type { Delivery } from '@outreach/db';
import type { EventType } from '@outreach/domain';
import type { OperationContext } from '../context.js';

/**
 * The type of a delivery's event, read from the event itself: the delivery outlives its
 * subscription (410 Gone, unsubscribe), so the subscription cannot be relied on for it.
 */
export async function deliveryEventType(ctx: OperationContext, delivery: Delivery): Promise<EventType> {
  const event = await ctx.db.events.get(ctx.workspaceId, delivery.eventId);
  if (event) return event.type;
  // The outbox keeps every event; a delivery without one is a broken invariant, not a client error.
  throw new Error(`event ${delivery.eventId} of delivery ${delivery.id} is missing`);
}
