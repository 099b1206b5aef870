import type { AccountStatus } from '@outreach/domain';
import type { AccountLimits, SenderAccountRecord } from './sender-account.schema.js';

/** The API's `SenderAccount`, plus the workspace and the last disconnect reason. */
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
    createdAt: record.createdAt,
  };
}
