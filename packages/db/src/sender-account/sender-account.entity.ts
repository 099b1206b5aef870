import type { AccountLimits, AccountStatus } from '@outreach/domain';
import type { SenderAccountRecord } from './sender-account.schema.js';

/**
 * The API's `SenderAccount`, plus the workspace, the last disconnect reason and the runners' state
 * (session start, pacing gate, event feed cursor).
 */
export interface SenderAccount {
  id: string;
  workspaceId: string;
  name: string;
  publicIdentifier: string;
  status: AccountStatus;
  disconnectReason: string | null;
  authenticated: boolean;
  active: boolean;
  timezone: string;
  inmailAllowed: boolean;
  limits: AccountLimits;
  cooldownUntil: Date | null;
  /** When the current (or last) session began; null on records older than the field. */
  connectedAt: Date | null;
  /** The runners' shared pacing gate: no action of the account before this instant. */
  pacedUntil: Date | null;
  /** The provider's cursor of the account's event feed, up to which events are handled. */
  eventCursor: string | null;
  /** The provider's id of the account, once connected through the provider; null otherwise. */
  providerAccountId: string | null;
  createdAt: Date;
}

export function toSenderAccount(record: SenderAccountRecord): SenderAccount {
  return {
    id: record._id,
    workspaceId: record.workspaceId,
    name: record.name,
    publicIdentifier: record.publicIdentifier,
    status: record.status,
    disconnectReason: record.disconnectReason ?? null,
    authenticated: record.authenticated,
    active: record.active,
    timezone: record.timezone,
    inmailAllowed: record.inmailAllowed,
    limits: {
      invitationsPerDay: record.limits.invitationsPerDay,
      invitationsPerWeek: record.limits.invitationsPerWeek,
      messagesPerDay: record.limits.messagesPerDay,
      inmailsPerDay: record.limits.inmailsPerDay,
      profileVisitsPerDay: record.limits.profileVisitsPerDay,
    },
    cooldownUntil: record.cooldownUntil ?? null,
    connectedAt: record.connectedAt ?? null,
    pacedUntil: record.pacedUntil ?? null,
    eventCursor: record.eventCursor ?? null,
    providerAccountId: record.providerAccountId ?? null,
    createdAt: record.createdAt,
  };
}
