import type { ActionType } from '@outreach/domain';
import { DAY_KEY } from '../action/action-analytics.js';
import type { ActionRecord } from '../action/action.schema.js';
import type { CampaignRecord } from '../campaign/campaign.schema.js';
import { isDuplicateKeyError } from '../common/duplicate-keys.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { dailyRollupId, utcDay, type DailyRollupRecord, type TypeCounts } from './daily-rollup.schema.js';

const DAY_MS = 86_400_000;

/** What the roll-ups answer of a window: its whole UTC days, and the parts of days left over. */
export interface RollupWindow {
  /** Counts per type of each whole day of the window that had actions. */
  days: Map<string, TypeCounts>;
  /** The window's parts outside whole days (at most one at each end), for the raw actions. */
  edges: Array<{ from: Date; to: Date }>;
}

type Row = {
  _id: {
    day: string;
    type: ActionType;
    stepId: string | null;
    variantId: string | null;
    accountId: string | null;
  };
  count: number;
};

/**
 * Daily roll-ups of the action log (see daily-rollup.schema.ts). `recordAction` counts a new
 * action, `recount` rebuilds a campaign's days from its actions (the backfill of campaigns whose
 * actions were recorded before the roll-ups, and the drift check), `window` reads a window's days.
 * A campaign's roll-ups are read only once complete (`rollupsComplete` on the campaign: set at
 * creation, or by its first recount); until then analytics count its raw actions.
 */
export class DailyRollupRepository {
  constructor(
    private readonly rollups: ScopedModel<DailyRollupRecord>,
    private readonly actions: ScopedModel<ActionRecord>,
    private readonly campaigns: ScopedModel<CampaignRecord>,
  ) {}

  /** Counts a newly recorded action on its campaign's day: one upsert. */
  async recordAction(
    workspaceId: WorkspaceId,
    action: Pick<ActionRecord, 'campaignId' | 'type' | 'occurredAt' | 'stepId' | 'variantId' | 'accountId'>,
  ): Promise<void> {
    const day = utcDay(action.occurredAt);
    const inc: Record<string, number> = { [`totals.${action.type}`]: 1 };
    const set: Record<string, string> = {};
    if (action.stepId !== null) inc[`steps.${action.stepId}.${action.type}`] = 1;
    if (action.variantId !== null) {
      inc[`variants.${action.variantId}.${action.type}`] = 1;
      if (action.stepId !== null) set[`variantSteps.${action.variantId}`] = action.stepId;
    }
    if (action.accountId !== null) inc[`senders.${action.accountId}.${action.type}`] = 1;
    const update = {
      $inc: inc,
      ...(Object.keys(set).length > 0 ? { $set: set } : {}),
      $setOnInsert: { campaignId: action.campaignId, day },
    };
    const write = () =>
      this.rollups.updateOne(
        workspaceId,
        { _id: dailyRollupId(workspaceId, action.campaignId, day) },
        update,
        {
          upsert: true,
        },
      );
    try {
      await write();
    } catch (error) {
      // Two first actions of a day racing: the loser's insert meets the winner's; it updates now.
      if (!isDuplicateKeyError(error)) throw error;
      await write();
    }
  }

  /**
   * Rebuilds the campaign's days from its actions (one aggregation over them), stores the exact
   * counts, marks its roll-ups complete and returns the days whose stored counts differed (none
   * when every action was counted). An action counted while this runs can be overwritten by
   * the rebuild; the next recount finds and fixes it.
   */
  async recount(workspaceId: WorkspaceId, campaignId: string): Promise<string[]> {
    const [rows, stored] = await Promise.all([
      this.actions.aggregate<Row>(workspaceId, [
        { $match: { campaignId } },
        {
          $group: {
            _id: {
              day: DAY_KEY,
              type: '$type',
              stepId: '$stepId',
              variantId: '$variantId',
              accountId: '$accountId',
            },
            count: { $sum: 1 },
          },
        },
      ]),
      this.rollups.find(workspaceId, { campaignId }),
    ]);
    const actual = new Map<string, Omit<DailyRollupRecord, '_id' | 'workspaceId'>>();
    for (const { _id: key, count } of rows) {
      const day = actual.get(key.day) ?? {
        campaignId,
        day: key.day,
        totals: {},
        steps: {},
        variants: {},
        variantSteps: {},
        senders: {},
      };
      actual.set(key.day, day);
      add((day.totals ??= {}), key.type, count);
      if (key.stepId !== null) add(((day.steps ??= {})[key.stepId] ??= {}), key.type, count);
      if (key.variantId !== null) {
        add(((day.variants ??= {})[key.variantId] ??= {}), key.type, count);
        if (key.stepId !== null) (day.variantSteps ??= {})[key.variantId] = key.stepId;
      }
      if (key.accountId !== null) add(((day.senders ??= {})[key.accountId] ??= {}), key.type, count);
    }
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
    await this.campaigns.updateOne(workspaceId, { _id: campaignId }, { $set: { rollupsComplete: true } });
    return drifted.sort();
  }

  /**
   * The window's whole UTC days from the roll-ups of `campaignIds` (per type, of `accountId` only
   * when given), or null when a campaign's roll-ups are not complete yet or the window holds no
   * whole day (the caller then counts raw actions). One read of the campaigns, one of the days.
   */
  async window(
    workspaceId: WorkspaceId,
    query: { from: Date; to: Date; campaignIds: readonly string[]; accountId?: string },
  ): Promise<RollupWindow | null> {
    const first = Math.ceil(query.from.getTime() / DAY_MS) * DAY_MS;
    const end = Math.floor(query.to.getTime() / DAY_MS) * DAY_MS;
    if (end <= first) return null;
    const ids = [...query.campaignIds];
    if (await this.campaigns.exists(workspaceId, { _id: { $in: ids }, rollupsComplete: { $ne: true } }))
      return null;
    const records = await this.rollups.find(workspaceId, {
      campaignId: { $in: ids },
      day: { $gte: utcDay(new Date(first)), $lt: utcDay(new Date(end)) },
    });
    const days = new Map<string, TypeCounts>();
    for (const record of records) {
      const counts = query.accountId === undefined ? record.totals : record.senders?.[query.accountId];
      const day = days.get(record.day) ?? {};
      for (const [type, count] of Object.entries(counts ?? {})) add(day, type as ActionType, count ?? 0);
      days.set(record.day, day);
    }
    const edges: RollupWindow['edges'] = [];
    if (query.from.getTime() < first) edges.push({ from: query.from, to: new Date(first) });
    if (end < query.to.getTime()) edges.push({ from: new Date(end), to: query.to });
    return { days, edges };
  }
}

function add(counts: TypeCounts, type: ActionType, by: number): void {
  counts[type] = (counts[type] ?? 0) + by;
}

function sameCounts(
  stored: Partial<DailyRollupRecord> | undefined,
  actual: Partial<DailyRollupRecord> | undefined,
): boolean {
  const pick = (record: Partial<DailyRollupRecord> | undefined) =>
    canonical({
      totals: record?.totals ?? {},
      steps: record?.steps ?? {},
      variants: record?.variants ?? {},
      senders: record?.senders ?? {},
    });
  return pick(stored) === pick(actual);
}

/** JSON with keys sorted at every level and zero counts left out, for comparing counts. */
function canonical(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value);
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, inner]) => inner !== 0)
    .sort(([a], [b]) => a.localeCompare(b));
  return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
}
