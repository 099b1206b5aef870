import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

export const USAGE_KINDS = ['invitations', 'messages', 'inmails', 'profileVisits'] as const;
export type UsageKind = (typeof USAGE_KINDS)[number];

export type UsageCounts = Record<UsageKind, number>;

/**
 * What one sender account used in one period. `_id` is `<workspaceId>|<accountId>|<period>` (the period being
 * a caller-chosen key such as `day:2025-03-14` or `week:2025-W11`, computed in the account's
 * timezone), so the natural key is the primary key and no second unique index is needed.
 */
export interface AccountUsageRecord {
  _id: string;
  workspaceId: string;
  accountId: string;
  period: string;
  counts: Partial<UsageCounts>;
  /**
   * The actions the units were taken for (their idempotency keys), when the taker named them: a
   * unit is taken once per action however often it is asked for, and given back only by the
   * action it was taken for.
   */
  keys?: string[];
  expiresAt: Date;
}

export const accountUsageSchema = new Schema<AccountUsageRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    accountId: { type: String, required: true },
    period: { type: String, required: true },
    counts: {
      invitations: { type: Number },
      messages: { type: Number },
      inmails: { type: Number },
      profileVisits: { type: Number },
    },
    keys: { type: [String], default: undefined },
    expiresAt: { type: Date, required: true },
  },
  recordOptions('account_usage'),
);

// Serves nothing but housekeeping: MongoDB deletes a period's counters once it has passed.
accountUsageSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

/** The workspace is part of the key, so another workspace naming the same account id meets nothing. */
export function usageId(workspaceId: string, accountId: string, period: string): string {
  return `${workspaceId}|${accountId}|${period}`;
}
