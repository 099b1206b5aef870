import { ACCOUNT_STATUSES, type AccountLimits, type AccountStatus } from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

export interface SenderAccountRecord {
  _id: string;
  workspaceId: string;
  name: string;
  publicIdentifier: string;
  status: AccountStatus;
  /** Why the account was last disconnected (e.g. the provider reported an expired session). */
  disconnectReason: string | null;
  authenticated: boolean;
  active: boolean;
  timezone: string;
  inmailAllowed: boolean;
  limits: AccountLimits;
  cooldownUntil: Date | null;
  /**
   * When the current (or, once disconnected, the last) session began: set at creation when
   * connected and at every reconnection. It names the session in the transition key of
   * `network_account_disconnected`, so each lost session fires once. Absent on older records.
   */
  connectedAt?: Date | null;
  /** The runners' shared pacing gate: no action of the account before this instant. */
  pacedUntil?: Date | null;
  /** The provider's cursor of the account's network event feed, up to which events are handled. */
  eventCursor?: string | null;
  /** The provider's id of the account (Unipile's `account_id`), learnt when it was connected. */
  providerAccountId?: string | null;
  /** The id of the last provider status report applied ("latest wins"). */
  providerStateId?: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const limit = { type: Number, required: true, min: 0 } as const;

export const senderAccountSchema = new Schema<SenderAccountRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    name: { type: String, required: true },
    publicIdentifier: { type: String, required: true },
    status: { type: String, enum: ACCOUNT_STATUSES, required: true },
    disconnectReason: { type: String, default: null },
    authenticated: { type: Boolean, required: true },
    active: { type: Boolean, required: true },
    timezone: { type: String, required: true },
    inmailAllowed: { type: Boolean, required: true },
    limits: {
      invitationsPerDay: limit,
      invitationsPerWeek: limit,
      messagesPerDay: limit,
      inmailsPerDay: limit,
      profileVisitsPerDay: limit,
    },
    cooldownUntil: { type: Date, default: null },
    connectedAt: { type: Date, default: null },
    pacedUntil: { type: Date, default: null },
    eventCursor: { type: String, default: null },
    providerAccountId: { type: String, default: null },
    providerStateId: { type: String, default: null },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  recordOptions('sender_accounts'),
);

// Serves `list` and `listPage` (a workspace's accounts in creation order, `_id` breaking ties so
// pages never overlap); `get`/`getMany` use `_id`.
senderAccountSchema.index({ workspaceId: 1, createdAt: 1, _id: 1 });
// Serves `create`: one record per network profile in a workspace (a second connect is refused).
senderAccountSchema.index({ workspaceId: 1, publicIdentifier: 1 }, { unique: true });
// Serves `listConnectedAcrossWorkspaces`: the runner pages through the connected accounts of every
// workspace by `_id` to read their network event feeds.
senderAccountSchema.index({ status: 1, _id: 1 });
// Serves `findByProviderAccountIdAcrossWorkspaces`: provider events name the provider's account.
// One sender account per provider account, in every workspace together; partial, so the accounts
// registered directly (no provider account) are not in it.
senderAccountSchema.index(
  { providerAccountId: 1 },
  { unique: true, partialFilterExpression: { providerAccountId: { $type: 'string' } } },
);
