import type { EventType } from '@outreach/domain';

/** An outbox event as the dispatcher needs it. */
export interface OutboxEvent {
  id: string;
  type: EventType;
  workspaceId: string;
  occurredAt: Date;
  data: Record<string, unknown>;
  /** The traced work that wrote the event (W3C `traceparent`), linked from its delivery spans. */
  traceparent?: string | null;
}

/** The JSON body every receiver gets: `{ id, type, timestamp, workspaceId, data }`. */
export interface WebhookEnvelope {
  id: string;
  type: EventType;
  timestamp: string;
  workspaceId: string;
  data: Record<string, unknown>;
}

export function toEnvelope(event: OutboxEvent): WebhookEnvelope {
  return {
    id: event.id,
    type: event.type,
    timestamp: event.occurredAt.toISOString(),
    workspaceId: event.workspaceId,
    data: event.data,
  };
}

/** Bodies of the events in memory: an event and its body never change once written. */
const bodies = new WeakMap<OutboxEvent, string>();

/**
 * The exact bytes that are signed and sent; the same for every attempt of an event, and for each of
 * its subscriptions, so it is made once per event object.
 */
export function envelopeBody(event: OutboxEvent): string {
  let body = bodies.get(event);
  if (body === undefined) {
    body = JSON.stringify(toEnvelope(event));
    bodies.set(event, body);
  }
  return body;
}
