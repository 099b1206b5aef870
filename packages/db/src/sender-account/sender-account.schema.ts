import {
  ACCOUNT_STATUSES,
  ACCOUNT_TIERS,
  LIMIT_KEYS,
  type AccountLimits,
  type AccountStatus,
  type AccountTier,
  type LimitSettings,
} from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';
import {
  acceptanceGuardSchema,
  invitationPileSchema,
  type AcceptanceGuardRecord,
  type InvitationPileRecord,
} from './sender-account-invitations.js';

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
  /** The account's tier at the network; absent on older records, which read as `free`. */
  tier?: AccountTier;
  /** When the tier was last read from the provider; null until then. */
  tierCheckedAt?: Date | null;
  /** The premium features the provider reported with the tier. */
  premiumFeatures?: string[];
  /** What the user set (a missing key follows the tier); absent on older records. */
  limitSettings?: LimitSettings;
  /**
   * Retired: the five caps every account carried before limits followed the tier. Only older
   * records have it; `limitSettingsOf` reads it, and the first change of settings removes it.
   */
  limits?: Partial<AccountLimits>;
  /** When the current warm-up began (a new or reconnected session, or an action after idling). */
  warmUpStartedAt?: Date | null;
  /** The account's last action on the network (product time). */
  lastActionAt?: Date | null;
  /** Set when the network restricted the account (status `restricted`); cleared by a reconnection. */
  restriction?: AccountRestriction | null;
  cooldownUntil: Date | null;
  /** Why the account cools down (the network's limit answer). */
  cooldownReason?: string | null;
  /** The InMail credits left per product, when read from the provider. */
  inmailBalance?: InmailBalance | null;
  /** The runner's next reconciliation poll of the account (product time); null: due. */
  nextPollAt?: Date | null;
  /** The acceptance guard's verdict, once reviewed. */
  acceptanceGuard?: AcceptanceGuardRecord | null;
  /** The pending invitations and the room under the ceiling, once reviewed. */
  invitationPile?: InvitationPileRecord | null;
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

export interface AccountRestriction {
  reason: string;
  detail: string;
  since: Date;
}

export interface InmailBalance {
  classic: number | null;
  sales_navigator: number | null;
  recruiter: number | null;
  checkedAt: Date;
}

const setting = { type: Number, min: 0 } as const;
const credits = { type: Number, default: null } as const;

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
    tier: { type: String, enum: ACCOUNT_TIERS },
    tierCheckedAt: { type: Date, default: null },
    premiumFeatures: { type: [String], default: undefined },
    limitSettings: Object.fromEntries(LIMIT_KEYS.map((key) => [key, setting])),
    // Declared only so that the migration may `$unset` it (writes of unknown paths throw).
    limits: { type: Schema.Types.Mixed, default: undefined },
    warmUpStartedAt: { type: Date, default: null },
    lastActionAt: { type: Date, default: null },
    restriction: {
      type: new Schema<AccountRestriction>(
        {
          reason: { type: String, required: true },
          detail: { type: String, default: '' },
          since: { type: Date, required: true },
        },
        { _id: false, strict: 'throw' },
      ),
      default: null,
    },
    cooldownUntil: { type: Date, default: null },
    cooldownReason: { type: String, default: null },
    inmailBalance: {
      type: new Schema<InmailBalance>(
        {
          classic: credits,
          sales_navigator: credits,
          recruiter: credits,
          checkedAt: { type: Date, required: true },
        },
        { _id: false, strict: 'throw' },
      ),
      default: null,
    },
    nextPollAt: { type: Date, default: null },
    acceptanceGuard: { type: acceptanceGuardSchema, default: null },
    invitationPile: { type: invitationPileSchema, default: null },
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
