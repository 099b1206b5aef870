import type { ProviderEventRecord, ProviderEventType } from './provider-event.schema.js';

/** A stored provider event, as consumers read it. */
export interface StoredProviderEvent {
  id: string;
  provider: string;
  type: ProviderEventType;
  providerAccountId: string;
  data: Record<string, unknown>;
  receivedAt: Date;
  consumedAt: Date | null;
  attempts: number;
}

export function toStoredProviderEvent(record: ProviderEventRecord): StoredProviderEvent {
  return {
    id: record._id,
    provider: record.provider,
    type: record.type,
    providerAccountId: record.providerAccountId,
    data: record.data,
    receivedAt: record.receivedAt,
    consumedAt: record.consumedAt ?? null,
    attempts: record.attempts,
  };
}
