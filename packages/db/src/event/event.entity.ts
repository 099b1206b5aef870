import type { EventType } from '@outreach/domain';
import type { WorkspaceId } from '../common/public-ids.js';
import type { EventRecord } from './event.schema.js';

/** An event in the webhook envelope's shape (the timestamp as a Date; JSON makes it ISO 8601). */
export interface OutboxEvent {
  id: string;
  type: EventType;
  timestamp: Date;
  workspaceId: WorkspaceId;
  data: Record<string, unknown>;
  /** The traced work that wrote it, as a W3C `traceparent` (not part of the envelope); absent when untraced. */
  traceparent?: string;
}

export function toOutboxEvent(record: EventRecord): OutboxEvent {
  return {
    id: record._id,
    type: record.type,
    timestamp: record.timestamp,
    workspaceId: record.workspaceId as WorkspaceId,
    data: record.data,
    ...(record.traceparent ? { traceparent: record.traceparent } : {}),
  };
}
