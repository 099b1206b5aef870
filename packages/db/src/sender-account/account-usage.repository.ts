import { usagePeriods } from '@outreach/domain';
import { duplicatePositions, isDuplicateKeyError } from '../common/duplicate-keys.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import {
  USAGE_KINDS,
  usageId,
  type AccountUsageRecord,
  type UsageCounts,
  type UsageKind,
  type UsagePeriodName,
} from './account-usage.schema.js';

/**
 * The period keys of the day, ISO week and month containing `now` in the account's time zone:
 * `day:YYYY-MM-DD`, `week:YYYY-Www`, `month:YYYY-MM`, as the counters are keyed.
 */
export function usagePeriodKeys(now: Date, timezone: string): Record<UsagePeriodName, string> {
  const periods = usagePeriods(now, timezone);
  return {
    day: `day:${periods.day.key}`,
    week: `week:${periods.week.key}`,
    month: `month:${periods.month.key}`,
  };
}

/**
 * How a unit's action is kept in the period's record: by kind, since one action may take units of
 * several kinds in one period (an invitation and its note, both in the day's record), and each
 * must be counted.
 */
function unitKey(slot: UsageSlot): string | undefined {
  return slot.key === undefined ? undefined : `${slot.kind}:${slot.key}`;
}

/** The units a slot takes or gives back: 1 for an action's unit, a positive whole number for a block. */
function unitsOf(slot: UsageSlot & { units?: number }): number {
  const units = slot.units ?? 1;
  if (!Number.isInteger(units) || units < 1 || (units > 1 && slot.key !== undefined))
    throw new RangeError('units: a positive whole number, and 1 for a unit taken for an action');
  return units;
}

/**
 * The conditional upsert taking a slot's units: it matches only the period's record below the cap
 * (and, with a key, without the action's unit), so a refusal is the upsert's insert meeting the
 * existing record.
 */
function consumeUpdate(
  workspaceId: WorkspaceId,
  slot: UsageSlot & { cap: number; expiresAt: Date; units?: number },
) {
  const units = unitsOf(slot);
  const path = `counts.${slot.kind}`;
  const key = unitKey(slot);
  return {
    filter: {
      _id: usageId(workspaceId, slot.accountId, slot.period),
      [path]: { $not: { $gt: slot.cap - units } },
      ...(key === undefined ? {} : { keys: { $ne: key } }),
    },
    update: {
      $inc: { [path]: units },
      ...(key === undefined ? {} : { $push: { keys: key } }),
      $setOnInsert: { accountId: slot.accountId, period: slot.period },
      // The record lives as long as the longest-lived unit taken in it: a day's note units
      // are read for a month (the rolling note quota) while its other units only for a day.
      $max: { expiresAt: slot.expiresAt },
    },
  };
}

function countsOf(record: AccountUsageRecord | undefined | null): UsageCounts {
  return Object.fromEntries(USAGE_KINDS.map((kind) => [kind, record?.counts[kind] ?? 0])) as UsageCounts;
}

export interface UsageSlot {
  accountId: string;
  /** A period key chosen by the caller, e.g. `day:2025-03-14` or `week:2025-W11`. */
  period: string;
  kind: UsageKind;
  /**
   * The action the unit is for (its idempotency key): taking it again for the same action is a
   * no-op that answers true, and only that action gives it back.
   */
  key?: string;
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
   * once, after which the record exists and only the cap can refuse. With a `key`, a unit of this
   * kind already taken for that action is not taken again (true); units of other kinds taken for
   * the same action do not count as this one. `units` (without a key) takes that many at once,
   * all or none: a block of budget a runner then spends without a round trip per call. The record
   * expires at the latest `expiresAt` any of its units was taken with.
   */
  async tryConsume(
    workspaceId: WorkspaceId,
    slot: UsageSlot & { cap: number; expiresAt: Date; units?: number },
  ): Promise<boolean> {
    const units = unitsOf(slot);
    if (slot.cap - units < 0) return false;
    const consume = consumeUpdate(workspaceId, slot);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        await this.records.updateOne(workspaceId, consume.filter, consume.update, { upsert: true });
        return true;
      } catch (error) {
        if (!isDuplicateKeyError(error)) throw error;
      }
    }
    // Refused: the cap is reached, or the unit was taken for this action already.
    const key = unitKey(slot);
    return (
      key !== undefined &&
      (await this.records.findOne(workspaceId, { _id: consume.filter._id, keys: key })) !== null
    );
  }

  /**
   * Takes as many of `units` as the cap leaves (counted per result: a page of search results asks
   * for its size and gets what is left of the day), never passing the cap: what is left is read,
   * then taken with the conditional `tryConsume`; a race lost to another taker reads again. Answers
   * the units taken (0 when the cap is reached). Give back what goes unspent with `release`.
   */
  async consumeUpTo(
    workspaceId: WorkspaceId,
    slot: Omit<UsageSlot, 'key'> & { cap: number; expiresAt: Date; units: number },
  ): Promise<number> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const used = (await this.get(workspaceId, slot.accountId, slot.period))[slot.kind];
      const units = Math.min(slot.units, slot.cap - used);
      if (units <= 0) return 0;
      if (await this.tryConsume(workspaceId, { ...slot, units })) return units;
    }
    return 0;
  }

  /**
   * `tryConsume` of several slots (an invitation's day and week), all or none, in one round trip
   * when every one is taken: the conditional upserts go in one ordered bulk write, which stops at
   * the first the `_id` index refuses. From there the slots are taken one by one as `tryConsume`
   * does (a refusal there may be a first insert racing another, or a unit this action holds
   * already). `refused` is null when every unit is held, else the index of the first slot refused,
   * after giving back the units taken before it. An `optional` slot (an invitation's note) goes
   * last in the same write, taken only once the others are: `optional` says whether it was.
   */
  async tryConsumeAll(
    workspaceId: WorkspaceId,
    slots: ReadonlyArray<UsageSlot & { cap: number; expiresAt: Date }>,
    optional?: UsageSlot & { cap: number; expiresAt: Date },
  ): Promise<{ refused: number | null; optional: boolean }> {
    const all = optional === undefined ? slots : [...slots, optional];
    // A slot whose cap is below one unit is refused without a write (an upsert would create it).
    const impossible = all.findIndex((slot) => slot.cap - unitsOf(slot) < 0);
    const batch = all.slice(0, impossible < 0 ? all.length : impossible);
    let applied = 0;
    if (batch.length > 1) {
      applied = batch.length;
      try {
        await this.records.bulkUpdate(
          workspaceId,
          batch.map((slot) => ({ ...consumeUpdate(workspaceId, slot), upsert: true })),
          { ordered: true },
        );
      } catch (error) {
        const refused = duplicatePositions(error);
        if (refused === null || refused.size !== 1) throw error;
        applied = Math.min(...refused);
      }
    }
    for (let index = applied; index < slots.length; index += 1) {
      if (await this.tryConsume(workspaceId, slots[index] as (typeof slots)[number])) continue;
      for (const taken of slots.slice(0, index)) await this.release(workspaceId, taken);
      return { refused: index, optional: false };
    }
    if (optional === undefined) return { refused: null, optional: false };
    return {
      refused: null,
      optional: applied === all.length || (await this.tryConsume(workspaceId, optional)),
    };
  }

  /**
   * Gives back a unit taken for an action that did not happen (never below zero). With a `key`,
   * only a unit taken for that action, once. `units` (without a key) gives back that many, the
   * unspent part of a block.
   */
  async release(workspaceId: WorkspaceId, slot: UsageSlot & { units?: number }): Promise<void> {
    const units = unitsOf(slot);
    const path = `counts.${slot.kind}`;
    const key = unitKey(slot);
    await this.records.updateOne(
      workspaceId,
      {
        _id: usageId(workspaceId, slot.accountId, slot.period),
        [path]: { $gte: units },
        ...(key === undefined ? {} : { keys: key }),
      },
      { $inc: { [path]: -units }, ...(key === undefined ? {} : { $pull: { keys: key } }) },
    );
  }

  /** What the account used in the period (zeros when nothing yet). */
  async get(workspaceId: WorkspaceId, accountId: string, period: string): Promise<UsageCounts> {
    const record = await this.records.findOne(workspaceId, { _id: usageId(workspaceId, accountId, period) });
    return countsOf(record);
  }

  /**
   * Every counter of the account for the day, week and month containing `now` in its time zone,
   * in one round trip (zeros where nothing was counted yet).
   */
  async current(
    workspaceId: WorkspaceId,
    accountId: string,
    now: Date,
    timezone: string,
  ): Promise<Record<UsagePeriodName, UsageCounts> & { periods: Record<UsagePeriodName, string> }> {
    const periods = usagePeriodKeys(now, timezone);
    const ids = Object.values(periods).map((period) => usageId(workspaceId, accountId, period));
    const records = await this.records.find(workspaceId, { _id: { $in: ids } });
    const byPeriod = new Map(records.map((record) => [record.period, record]));
    return {
      periods,
      day: countsOf(byPeriod.get(periods.day)),
      week: countsOf(byPeriod.get(periods.week)),
      month: countsOf(byPeriod.get(periods.month)),
    };
  }

  /** The sum of one counter over the given periods (e.g. the last 31 days), in one read. */
  async sum(
    workspaceId: WorkspaceId,
    accountId: string,
    kind: UsageKind,
    periods: readonly string[],
  ): Promise<number> {
    const ids = periods.map((period) => usageId(workspaceId, accountId, period));
    const records = await this.records.find(workspaceId, { _id: { $in: ids } });
    return records.reduce((total, record) => total + (record.counts[kind] ?? 0), 0);
  }
}
