import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { modelUsageId, type ModelUsageRecord } from './model-usage.schema.js';

export interface ModelBudgetLimits {
  /** Null for no limit. */
  callsPerDay: number | null;
  tokensPerDay: number | null;
}

export interface ModelUsage {
  calls: number;
  tokens: number;
}

/** Counters are kept a week after their day, for a look back at recent spending. */
const KEEP_MS = 8 * 86_400_000;

function expiryOf(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) + KEEP_MS);
}

/**
 * The per-workspace daily language-model budget. Reserving a call is one conditional upsert, so
 * any number of runners share the limit without overspending it together.
 */
export class ModelUsageRepository {
  constructor(private readonly records: ScopedModel<ModelUsageRecord>) {}

  /**
   * Counts one call for the day unless its calls or tokens already reached a limit; false when
   * they did. The filter matches only a record under both limits; when it does not match, the
   * upsert tries to insert the day's record and the `_id` index refuses it if the record exists
   * (so it is at a limit). A first insert racing another is retried once.
   */
  async tryReserveCall(workspaceId: WorkspaceId, day: string, limits: ModelBudgetLimits): Promise<boolean> {
    if (limits.callsPerDay === 0 || limits.tokensPerDay === 0) return false;
    const underLimits = {
      ...(limits.callsPerDay !== null ? { calls: { $not: { $gte: limits.callsPerDay } } } : {}),
      ...(limits.tokensPerDay !== null ? { tokens: { $not: { $gte: limits.tokensPerDay } } } : {}),
    };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        await this.records.updateOne(
          workspaceId,
          { _id: modelUsageId(workspaceId, day), ...underLimits },
          { $inc: { calls: 1 }, $setOnInsert: { day, tokens: 0, expiresAt: expiryOf(day) } },
          { upsert: true },
        );
        return true;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    return false;
  }

  /** Adds the tokens a call reported (its call was reserved first, so the record exists). */
  async addTokens(workspaceId: WorkspaceId, day: string, tokens: number): Promise<void> {
    await this.records.updateOne(workspaceId, { _id: modelUsageId(workspaceId, day) }, { $inc: { tokens } });
  }

  /** What the workspace spent on the day (zeros when nothing yet). */
  async usage(workspaceId: WorkspaceId, day: string): Promise<ModelUsage> {
    const record = await this.records.findOne(workspaceId, { _id: modelUsageId(workspaceId, day) });
    return { calls: record?.calls ?? 0, tokens: record?.tokens ?? 0 };
  }
}
