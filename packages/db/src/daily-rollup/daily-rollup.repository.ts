import type { ActionRecord } from '../action/action.schema.js';
import { readLeadDayRows, type LeadDayRow } from '../action/lead-day-rows.js';
import type { CampaignRecord } from '../campaign/campaign.schema.js';
import { duplicatePositions, isDuplicateKeyError } from '../common/duplicate-keys.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel, ScopedUpdate } from '../common/scoped-model.js';
import { rollupsOfRows, sameCounts } from './daily-rollup-recount.js';
import { dailyRollupId, ROLLUPS_VERSION, utcDay, type DailyRollupRecord } from './daily-rollup.schema.js';

const DAY_MS = 86_400_000;

/** A window cut into whole UTC days (read from the roll-ups) and the parts of days left over. */
export interface WindowParts {
  /** The first and last whole day (`YYYY-MM-DD`), or null when the window holds none. */
  days: { first: string; last: string } | null;
  /** The window's parts outside whole days (at most one at each end), for the raw actions. */
  edges: Array<{ from: Date; to: Date }>;
}

export function windowParts(from: Date, to: Date): WindowParts {
  const first = Math.ceil(from.getTime() / DAY_MS) * DAY_MS;
  const end = Math.floor(to.getTime() / DAY_MS) * DAY_MS;
  if (end <= first) return { days: null, edges: [{ from, to }] };
  const edges: WindowParts['edges'] = [];
  if (from.getTime() < first) edges.push({ from, to: new Date(first) });
  if (end < to.getTime()) edges.push({ from: new Date(end), to });
  return { days: { first: utcDay(new Date(first)), last: utcDay(new Date(end - DAY_MS)) }, edges };
}

/**
 * Daily roll-ups of the action log (see daily-rollup.schema.ts). `recordAction` counts a new
 * action, `recount` rebuilds a campaign's days from its actions (the backfill of campaigns whose
 * actions were recorded before the roll-ups, and the drift check), `window` reads a window's days.
 * A campaign's roll-ups are read only at `ROLLUPS_VERSION` (`rollupsVersion` on the campaign: set
 * at creation, or once the drift check has rebuilt them); until then analytics count its actions.
 */
export class DailyRollupRepository {
  constructor(
    private readonly rollups: ScopedModel<DailyRollupRecord>,
    private readonly actions: ScopedModel<ActionRecord>,
    private readonly campaigns: ScopedModel<CampaignRecord>,
  ) {}

  /**
   * Counts a newly recorded action on its campaign's day and applies the histogram moves it
   * caused (`firsts`, per day: see `LeadActionMarks.recordAction`): one upsert, or one bulk write
   * when a late action moved entries of other days too.
   */
  async recordAction(
    workspaceId: WorkspaceId,
    action: RolledAction,
    firsts: ReadonlyMap<string, Record<string, number>> = new Map(),
  ): Promise<void> {
    await this.upsertAll(workspaceId, updatesOf(workspaceId, action, firsts));
  }

  /**
   * `recordAction` for many actions of the workspace in one bulk write, one upsert per campaign
   * and day touched (their increments summed).
   */
  async recordActions(
    workspaceId: WorkspaceId,
    actions: ReadonlyArray<{ action: RolledAction; firsts: ReadonlyMap<string, Record<string, number>> }>,
  ): Promise<void> {
    const byDay = new Map<string, ScopedUpdate<DailyRollupRecord>>();
    for (const { action, firsts } of actions)
      for (const update of updatesOf(workspaceId, action, firsts)) {
        const id = update.filter._id as string;
        const earlier = byDay.get(id);
        byDay.set(id, earlier === undefined ? update : summed(earlier, update));
      }
    await this.upsertAll(workspaceId, [...byDay.values()]);
  }

  /** The campaign's actions as rows per lead and day, what `recount` and the marks backfill use. */
  actionRows(workspaceId: WorkspaceId, campaignId: string): Promise<LeadDayRow[]> {
    return readLeadDayRows(this.actions, workspaceId, campaignId);
  }

  /**
   * Rebuilds the campaign's days from its actions' rows, stores the exact counts and histograms
   * and returns the days whose stored values differed (none when every action was counted). An
   * action counted while this runs can be overwritten by the rebuild; the next recount finds and
   * fixes it.
   */
  async recount(
    workspaceId: WorkspaceId,
    campaignId: string,
    rows: readonly LeadDayRow[],
  ): Promise<string[]> {
    const stored = await this.rollups.find(workspaceId, { campaignId });
    const actual = rollupsOfRows(campaignId, rows);
    const storedByDay = new Map(stored.map((record) => [record.day, record]));
    const drifted = [...new Set([...actual.keys(), ...storedByDay.keys()])].filter(
      (day) => !sameCounts(storedByDay.get(day), actual.get(day)),
    );
    await this.rollups.bulkUpdate(
      workspaceId,
      drifted.flatMap((day) => {
        const counts = actual.get(day);
        if (counts === undefined) return [];
        return [
          {
            filter: { _id: dailyRollupId(workspaceId, campaignId, day) },
            update: { $set: counts },
            upsert: true,
          },
        ];
      }),
    );
    const emptied = drifted.filter((day) => !actual.has(day));
    if (emptied.length > 0) await this.rollups.deleteMany(workspaceId, { campaignId, day: { $in: emptied } });
    return drifted.sort();
  }

  /**
   * From now on analytics read the campaign's roll-ups: called once they are rebuilt and the marks
   * of its leads hold their days (which the increments that follow move from).
   */
  async markBuilt(workspaceId: WorkspaceId, campaignId: string): Promise<void> {
    await this.campaigns.updateOne(
      workspaceId,
      { _id: campaignId },
      { $set: { rollupsVersion: ROLLUPS_VERSION } },
    );
  }

  /**
   * The roll-ups of `campaignIds` for the whole days `[first, last]`, or null when a campaign's
   * roll-ups are not at `ROLLUPS_VERSION` (the caller then counts raw actions). The check of the
   * campaigns and the read of the days go out together.
   */
  async window(
    workspaceId: WorkspaceId,
    query: { first: string; last: string; campaignIds: readonly string[] },
  ): Promise<DailyRollupRecord[] | null> {
    const ids = [...query.campaignIds];
    const [behind, records] = await Promise.all([
      this.campaigns.exists(workspaceId, { _id: { $in: ids }, rollupsVersion: { $ne: ROLLUPS_VERSION } }),
      this.rollups.find(workspaceId, {
        campaignId: { $in: ids },
        day: { $gte: query.first, $lte: query.last },
      }),
    ]);
    return behind ? null : records;
  }

  /**
   * Upserts in one round trip. Two first writes of a day racing: the loser's insert meets the
   * winner's document, so the upserts that failed that way are sent again and update it (the
   * others were applied: the bulk write is unordered).
   */
  private async upsertAll(workspaceId: WorkspaceId, updates: Array<ScopedUpdate<DailyRollupRecord>>) {
    try {
      await this.rollups.bulkUpdate(workspaceId, updates);
    } catch (error) {
      const failed = duplicatePositions(error);
      if (failed === null) {
        if (!isDuplicateKeyError(error) || updates.length > 1) throw error;
        await this.rollups.bulkUpdate(workspaceId, updates);
        return;
      }
      await this.rollups.bulkUpdate(
        workspaceId,
        updates.filter((_, index) => failed.has(index)),
      );
    }
  }
}

/** A day's histogram moves as `$inc` paths. */
function firstsIncs(incs: Record<string, number> | undefined): Record<string, number> {
  return Object.fromEntries(Object.entries(incs ?? {}).map(([key, by]) => [`firsts.${key}`, by]));
}

/** What the roll-ups need of an action. */
export type RolledAction = Pick<
  ActionRecord,
  'campaignId' | 'type' | 'occurredAt' | 'stepId' | 'variantId' | 'accountId'
>;

/**
 * The upserts counting one action on its campaign's day, with the histogram moves it caused
 * (`firsts`, per day): usually one; more when a late action moved entries of other days too.
 */
function updatesOf(
  workspaceId: WorkspaceId,
  action: RolledAction,
  firsts: ReadonlyMap<string, Record<string, number>>,
): Array<ScopedUpdate<DailyRollupRecord>> {
  const day = utcDay(action.occurredAt);
  const inc: Record<string, number> = { [`totals.${action.type}`]: 1, ...firstsIncs(firsts.get(day)) };
  const set: Record<string, string> = {};
  if (action.stepId !== null) inc[`steps.${action.stepId}.${action.type}`] = 1;
  if (action.variantId !== null) {
    inc[`variants.${action.variantId}.${action.type}`] = 1;
    if (action.stepId !== null) set[`variantSteps.${action.variantId}`] = action.stepId;
  }
  if (action.accountId !== null) inc[`senders.${action.accountId}.${action.type}`] = 1;
  const upsert = (on: string, update: Record<string, unknown>): ScopedUpdate<DailyRollupRecord> => ({
    filter: { _id: dailyRollupId(workspaceId, action.campaignId, on) },
    update: { ...update, $setOnInsert: { campaignId: action.campaignId, day: on } },
    upsert: true,
  });
  const updates = [upsert(day, { $inc: inc, ...(Object.keys(set).length > 0 ? { $set: set } : {}) })];
  for (const [other, incs] of firsts)
    if (other !== day) updates.push(upsert(other, { $inc: firstsIncs(incs) }));
  return updates;
}

/** Two upserts of one day's roll-up as one: increments added, fields set by either. */
function summed(
  a: ScopedUpdate<DailyRollupRecord>,
  b: ScopedUpdate<DailyRollupRecord>,
): ScopedUpdate<DailyRollupRecord> {
  const first = a.update as Record<string, Record<string, unknown> | undefined>;
  const second = b.update as Record<string, Record<string, unknown> | undefined>;
  const inc: Record<string, number> = { ...(first['$inc'] as Record<string, number> | undefined) };
  for (const [path, by] of Object.entries((second['$inc'] ?? {}) as Record<string, number>))
    inc[path] = (inc[path] ?? 0) + by;
  const set = { ...first['$set'], ...second['$set'] };
  return {
    ...a,
    update: {
      ...a.update,
      $inc: inc,
      ...(Object.keys(set).length > 0 ? { $set: set } : {}),
    } as ScopedUpdate<DailyRollupRecord>['update'],
  };
}
