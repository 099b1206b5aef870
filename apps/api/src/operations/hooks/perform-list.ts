import type { WebhookEvent } from '@outreach/contract';
import type { PerformListQuery } from '../inputs.js';
import { LIMITS, sampleEvent } from '@outreach/domain';
import type { OperationContext } from '../context.js';

/**
 * Up to three of the workspace's latest events of the type, newest first, shaped exactly like
 * deliveries; a generated sample of the same shape when there is none yet.
 */
export async function performList(ctx: OperationContext, query: PerformListQuery): Promise<WebhookEvent[]> {
  const recent = await ctx.db.events.listRecentByType(ctx.workspaceId, query.type, LIMITS.performListMax);
  if (recent.length === 0) return [toEnvelope(sampleEvent(query.type, ctx.workspaceId, ctx.productClock()))];
  return recent.map((event) =>
    toEnvelope({
      id: event.id,
      type: event.type,
      timestamp: event.timestamp.toISOString(),
      workspaceId: event.workspaceId,
      data: event.data,
    }),
  );
}

/**
 * Outbox events are written only through the domain's event catalogue, which types each event's
 * `data` by its `type`; the store gives it back as a plain record, hence the cast.
 */
function toEnvelope(event: {
  id: string;
  type: string;
  timestamp: string;
  workspaceId: string;
  data: object;
}): WebhookEvent {
  return event as unknown as WebhookEvent;
}
