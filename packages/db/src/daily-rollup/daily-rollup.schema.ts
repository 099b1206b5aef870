import type { ActionType } from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';
import type { RollupFirsts } from './firsts.js';

/** Actions per type (absent types: none). */
export type TypeCounts = Partial<Record<ActionType, number>>;

/**
 * What a campaign's roll-ups hold when `rollupsVersion` on the campaign says this: 2 adds the
 * distinct-lead histograms (`firsts`) and the per-lead days on the marks they move from. A campaign
 * at another version is counted from its actions until the drift check has rebuilt it.
 */
export const ROLLUPS_VERSION = 2;

/**
 * One campaign's actions of one UTC day (the day analytics' per-day series use, `DAY_KEY`),
 * counted per type: in all, per step, per variant (its step beside it) and per sender account;
 * and, per group, the histograms of the lead-days that day by previous day, from which a
 * window's distinct leads are counted (see firsts.ts). `_id` is
 * `<workspaceId>|<campaignId>|<YYYY-MM-DD>`. Every new action `$inc`s its day with an upsert
 * (see daily-rollup.repository.ts), so a window's figures cost its days.
 */
export interface DailyRollupRecord {
  _id: string;
  workspaceId: string;
  campaignId: string;
  day: string;
  totals?: TypeCounts;
  steps?: Record<string, TypeCounts>;
  variants?: Record<string, TypeCounts>;
  /** The step of each variant counted that day. */
  variantSteps?: Record<string, string>;
  senders?: Record<string, TypeCounts>;
  firsts?: RollupFirsts;
}

export const dailyRollupSchema = new Schema<DailyRollupRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    campaignId: { type: String, required: true },
    day: { type: String, required: true },
    // Mixed, without defaults: only ever changed by `$inc`/`$set` on paths, which create them (a
    // default set on insert would conflict with the upsert's own `$inc` of a path inside it).
    totals: { type: Schema.Types.Mixed },
    steps: { type: Schema.Types.Mixed },
    variants: { type: Schema.Types.Mixed },
    variantSteps: { type: Schema.Types.Mixed },
    senders: { type: Schema.Types.Mixed },
    firsts: { type: Schema.Types.Mixed },
  },
  recordOptions('daily_rollups'),
);

// Serves analytics over a window (a campaign's days, or those of a page of campaigns) and the
// recount of a campaign's days.
dailyRollupSchema.index({ workspaceId: 1, campaignId: 1, day: 1 });

export function dailyRollupId(workspaceId: string, campaignId: string, day: string): string {
  return `${workspaceId}|${campaignId}|${day}`;
}

/** The UTC day of an instant, as `YYYY-MM-DD` (what `DAY_KEY` gives in an aggregation). */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}
