import type { LeadActionMarks } from '../action/lead-action-marks.js';
import { asWorkspaceId } from '../common/public-ids.js';
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
}

/**
 * The periodic drift check, unscoped by nature (it walks every workspace's campaigns): recounts
 * the `limit` campaigns checked longest ago (never-checked ones first), writes the exact values
 * and marks them maintained. A campaign not maintained yet first gets the per-lead marks its
 * recorded actions imply (see lead-action-marks.ts), so the increments that follow start from
 * the truth. Each campaign costs one recount (aggregations over its leads and actions): the
 * check's cost is `limit` campaigns per call, whatever the number of campaigns.
 */
export async function checkOldestAcrossWorkspaces(
  campaigns: ScopedModel<CampaignRecord>,
  counters: CampaignCountersRepository,
  marks: LeadActionMarks,
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
    if (firstCheck) await marks.backfill(workspaceId, record._id);
    const drift = await counters.recount(workspaceId, record._id);
    if (firstCheck) await counters.markMaintained(workspaceId, record._id);
    checks.push({ ...drift, workspaceId: record.workspaceId, firstCheck });
  }
  return checks;
}
