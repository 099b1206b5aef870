import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import {
  USAGE_KINDS,
  usageId,
  type AccountUsageRecord,
  type UsageCounts,
  type UsageKind,
} from './account-usage.schema.js';

export interface UsageSlot {
  accountId: string;
  /** A period key chosen by the caller, e.g. `day:2025-03-14` or `week:2025-W11`. */
  period: string;
  kind: UsageKind;
}

/**
 * Per-account action counters by period. Consuming is one conditional upsert, so any number of
 * runners share a daily cap without ever exceeding it.
 */
export class AccountUsageRepository {
  constructor(private readonly records: ScopedModel<AccountUsageRecord>) {}

  /**
   * Takes one unit of `kind` in the period if fewer than `cap` were used; false when the cap is
   * reached. The filter matches only an existing counter below the cap; when it does not match,
   * the upsert tries to insert the period's record, and the `_id` unique index refuses that if
   * the record exists (so the counter is at the cap). A first insert racing another is retried
   * once, after which the record exists and only the cap can refuse.
   */
  async tryConsume(
    workspaceId: WorkspaceId,
    slot: UsageSlot & { cap: number; expiresAt: Date },
  ): Promise<boolean> {
    if (slot.cap <= 0) return false;
    const path = `counts.${slot.kind}`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        await this.records.updateOne(
          workspaceId,
          { _id: usageId(workspaceId, slot.accountId, slot.period), [path]: { $not: { $gte: slot.cap } } },
          {
            $inc: { [path]: 1 },
            $setOnInsert: { accountId: slot.accountId, period: slot.period, expiresAt: slot.expiresAt },
          },
          { upsert: true },
        );
        return true;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    return false;
  }

  /** Gives back a unit taken for an action that did not happen (never below zero). */
  async release(workspaceId: WorkspaceId, slot: UsageSlot): Promise<void> {
    const path = `counts.${slot.kind}`;
    await this.records.updateOne(
      workspaceId,
      { _id: usageId(workspaceId, slot.accountId, slot.period), [path]: { $gt: 0 } },
      { $inc: { [path]: -1 } },
    );
  }

  /** What the account used in the period (zeros when nothing yet). */
  async get(workspaceId: WorkspaceId, accountId: string, period: string): Promise<UsageCounts> {
    const record = await this.records.findOne(workspaceId, { _id: usageId(workspaceId, accountId, period) });
    const counts = Object.fromEntries(USAGE_KINDS.map((kind) => [kind, record?.counts[kind] ?? 0]));
    return counts as UsageCounts;
  }
}
