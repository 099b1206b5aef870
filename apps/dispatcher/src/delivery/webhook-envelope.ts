import type { EventType } from '@outreach/domain';

/** An outbox event as the dispatcher needs it. */
export interface OutboxEvent {
  id: string;
  type: EventType;
  workspaceId: string;
  occurredAt: Date;
  data: Record<string, unknown>;
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

/** The exact bytes that are signed and sent; the same for every attempt of an event. */
export function envelopeBody(event: OutboxEvent): string {
  return JSON.stringify(toEnvelope(event));
}
