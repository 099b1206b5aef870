import type { LeadActionMarks } from '../action/lead-action-marks.js';
import type { DailyRollupRepository } from '../daily-rollup/daily-rollup.repository.js';
import { ROLLUPS_VERSION } from '../daily-rollup/daily-rollup.schema.js';
import { asWorkspaceId, type WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { toCampaignCounters } from './campaign-counters.js';
import type { CampaignCountersRepository, CounterDrift } from './campaign-counters.repository.js';
import type { CampaignRecord } from './campaign.schema.js';

/** What the drift check found for one campaign. */
export interface CounterCheck extends CounterDrift {
  workspaceId: string;
  /**
   * The campaign's counters were not maintained before this check (a campaign stored before the
   * counters): its differences are the figures it never counted, not drift, and it is now.
   */
  firstCheck: boolean;
  /**
   * The UTC days whose daily roll-ups differed from the campaign's actions and were rebuilt; empty
   * when the roll-ups were built for the first time (a campaign whose actions predate them, or
   * predate their current layout, `ROLLUPS_VERSION`).
   */
  rollupDays: string[];
}

/**
 * The periodic drift check, unscoped by nature (it walks every workspace's campaigns): recounts
 * the `limit` campaigns checked longest ago (never-checked ones first), writes the exact values
 * and marks them maintained. A campaign not maintained yet, or whose roll-ups are not at
 * `ROLLUPS_VERSION`, first gets the per-lead marks its recorded actions imply (see
 * lead-action-marks.ts), so the increments that follow start from the truth. The campaign's daily
 * roll-ups are rebuilt from its actions too (the backfill of a campaign whose actions predate
 * them, after which analytics read them). Each campaign costs one recount (aggregations over its
 * leads and actions): the check's cost is `limit` campaigns per call, whatever the number of
 * campaigns.
 */
export async function checkOldestAcrossWorkspaces(
  campaigns: ScopedModel<CampaignRecord>,
  counters: CampaignCountersRepository,
  derived: { marks: LeadActionMarks; rollups: DailyRollupRepository },
  options: { limit: number; now: Date },
): Promise<CounterCheck[]> {
  const records = await campaigns.acrossWorkspaces
    .find({})
    .sort({ countersCheckedAt: 1, _id: 1 })
    .limit(options.limit)
    .lean<CampaignRecord[]>()
    .exec();
  const checks: CounterCheck[] = [];
  for (const record of records) {
    const workspaceId = asWorkspaceId(record.workspaceId);
    // Taken with a conditional update, so of runners checking at once, one checks each campaign.
    const taken = await campaigns.updateOne(
      workspaceId,
      { _id: record._id, countersCheckedAt: record.countersCheckedAt ?? null },
      { $set: { countersCheckedAt: options.now } },
    );
    if (taken.matched === 0) continue;
    const firstCheck = toCampaignCounters(record.counters)?.maintained !== true;
    const rollupsBuilt = record.rollupsVersion === ROLLUPS_VERSION;
    const check = await checkCampaign(counters, derived, workspaceId, record._id, {
      rebuild: firstCheck || !rollupsBuilt,
    });
    const rollupDays = rollupsBuilt ? check.rollupDays : [];
    checks.push({ ...check, workspaceId: record.workspaceId, firstCheck, rollupDays });
  }
  return checks;
}

/**
 * One campaign's check: recounts its counters and rebuilds its daily roll-ups from its actions
 * (one aggregation of them per lead and day, shared by the marks and the roll-ups). With `rebuild`
 * (a campaign not maintained yet, roll-ups behind `ROLLUPS_VERSION`, or records written around the
 * data layer), the per-lead marks are rebuilt first and the campaign is marked maintained after.
 * Its roll-ups are marked built only then: the increments that follow move from the marks.
 */
export async function checkCampaign(
  counters: CampaignCountersRepository,
  derived: { marks: LeadActionMarks; rollups: DailyRollupRepository },
  workspaceId: WorkspaceId,
  campaignId: string,
  options: { rebuild: boolean },
): Promise<CounterDrift & { rollupDays: string[] }> {
  const rows = await derived.rollups.actionRows(workspaceId, campaignId);
  if (options.rebuild) await derived.marks.backfill(workspaceId, campaignId, rows);
  const rollupDays = await derived.rollups.recount(workspaceId, campaignId, rows);
  const drift = await counters.recount(workspaceId, campaignId);
  if (options.rebuild) {
    await counters.markMaintained(workspaceId, campaignId);
    await derived.rollups.markBuilt(workspaceId, campaignId);
  }
  return { ...drift, rollupDays };
}
