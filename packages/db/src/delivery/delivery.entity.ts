import type { WorkspaceId } from '../common/public-ids.js';
import type { DeliveryAttemptRecord, DeliveryRecord, DeliveryStatus } from './delivery.schema.js';

export type DeliveryAttempt = DeliveryAttemptRecord;

export interface Delivery {
  id: string;
  workspaceId: WorkspaceId;
  eventId: string;
  subscriptionId: string;
  url: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date | null;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  log: DeliveryAttempt[];
  createdAt: Date;
  deliveredAt: Date | null;
  failedAt: Date | null;
}

export function toDelivery(record: DeliveryRecord): Delivery {
  return {
    id: record._id,
    workspaceId: record.workspaceId as WorkspaceId,
    eventId: record.eventId,
    subscriptionId: record.subscriptionId,
    url: record.url,
    status: record.status,
    attempts: record.attempts ?? 0,
    nextAttemptAt: record.nextAttemptAt ?? null,
    leaseOwner: record.leaseOwner ?? null,
    leaseUntil: record.leaseUntil ?? null,
    log: (record.log ?? []).map((entry) => ({
      attempt: entry.attempt,
      at: entry.at,
      statusCode: entry.statusCode ?? null,
      error: entry.error ?? null,
      durationMs: entry.durationMs,
    })),
    createdAt: record.createdAt,
    deliveredAt: record.deliveredAt ?? null,
    failedAt: record.failedAt ?? null,
  };
}
