import type { WorkspaceId } from '../common/public-ids.js';
import type {
  DeliveryAttemptRecord,
  DeliveryFailureReason,
  DeliveryRecord,
  DeliveryStatus,
} from './delivery.schema.js';

export type DeliveryAttempt = Omit<DeliveryAttemptRecord, 'nextRetryAt'> & { nextRetryAt: Date | null };

/**
 * An attempt as the dispatcher reports it; the response body may be left out (stored as null),
 * and the next retry is taken from the outcome it is settled with.
 */
export type DeliveryAttemptInput = Omit<DeliveryAttempt, 'responseBody' | 'nextRetryAt'> & {
  responseBody?: string | null;
};

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
  failureReason: DeliveryFailureReason | null;
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
      responseBody: entry.responseBody ?? null,
      error: entry.error ?? null,
      durationMs: entry.durationMs,
      nextRetryAt: entry.nextRetryAt ?? null,
    })),
    createdAt: record.createdAt,
    deliveredAt: record.deliveredAt ?? null,
    failedAt: record.failedAt ?? null,
    failureReason: record.failureReason ?? null,
  };
}
