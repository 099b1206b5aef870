import { LEAD_STATUSES, type LeadInternalStatus, type LeadStatus } from '@outreach/domain';
import type { QueryFilter, UpdateQuery } from 'mongoose';
import { logActionsOf } from '../action/outcome-actions.js';
import type { ActionRecord } from '../action/action.schema.js';
import type { CampaignCountersRepository } from '../campaign/campaign-counters.repository.js';
import type { WorkspaceId } from '../common/public-ids.js';
import { claimForRemoval } from '../common/removal-claim.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { applyUpdate, countLeadChange } from './lead-change.js';
import { withCompletion } from './lead-completion.js';
import type { LeadRecord } from './lead.schema.js';

export interface LeadStatusChange {
  status: LeadStatus;
  internalStatus: LeadInternalStatus;
  /** When the runner should pick the lead up (waiting or active); null for the other statuses. */
  nextActionAt: Date | null;
}

/** What a conditional change expects the lead to still be; fields left out are not checked. */
export interface LeadExpectation {
  currentStep?: number;
  status?: LeadStatus;
  internalStatus?: LeadInternalStatus;
}

export type LeadStatusCounts = Record<LeadStatus, number>;

export function zeroCounts(): LeadStatusCounts {
  return Object.fromEntries(LEAD_STATUSES.map((status) => [status, 0])) as LeadStatusCounts;
}

/**
 * A lead's status set by a user or a network event, only where the lead matches `filter` (its id,
 * and what a conditional change expects). Any lease is dropped: a runner that was working on the
 * lead finds its lease gone when it reports back, and cannot overwrite the new status. The
 * campaign counters follow (see lead-change.ts). Returns the lead as changed, or null when
 * nothing matched.
 */
export async function writeLeadStatus(
  records: ScopedModel<LeadRecord>,
  counters: CampaignCountersRepository,
  workspaceId: WorkspaceId,
  filter: QueryFilter<LeadRecord>,
  change: LeadStatusChange,
  now: Date,
): Promise<LeadRecord | null> {
  const update = statusUpdate(change, now);
  const before = await records.findOneAndUpdate(workspaceId, filter, update, { returnDocument: 'before' });
  if (!before) return null;
  const after = applyUpdate(before, update);
  await countLeadChange(counters, workspaceId, before, after);
  return after;
}

function statusUpdate(change: LeadStatusChange, now: Date): UpdateQuery<LeadRecord> {
  const set = {
    status: change.status,
    internalStatus: change.internalStatus,
    leaseOwner: null,
    leaseUntil: null,
    updatedAt: now,
  };
  const update = change.nextActionAt
    ? { $set: { ...set, nextActionAt: change.nextActionAt } }
    : { $set: set, $unset: { nextActionAt: 1 } };
  return withCompletion(update, change.status, now);
}

/** The filter of a conditional status change: the lead, still as the caller saw it. */
export function expectationFilter(id: string, expected: LeadExpectation): QueryFilter<LeadRecord> {
  const filter: QueryFilter<LeadRecord> = { _id: id };
  if (expected.currentStep !== undefined) filter.currentStep = expected.currentStep;
  if (expected.status !== undefined) filter.status = expected.status;
  if (expected.internalStatus !== undefined) filter.internalStatus = expected.internalStatus;
  return filter;
}

/** Leads per status for many campaigns in one aggregation (a campaign list's progress column). */
export async function countByStatusForCampaigns(
  records: ScopedModel<LeadRecord>,
  workspaceId: WorkspaceId,
  campaignIds: readonly string[],
): Promise<Map<string, LeadStatusCounts>> {
  const rows = await records.aggregate<{ _id: { campaignId: string; status: LeadStatus }; count: number }>(
    workspaceId,
    [
      { $match: { campaignId: { $in: [...campaignIds] } } },
      { $group: { _id: { campaignId: '$campaignId', status: '$status' }, count: { $sum: 1 } } },
    ],
  );
  const counts = new Map(campaignIds.map((id) => [id, zeroCounts()]));
  for (const row of rows) {
    const campaign = counts.get(row._id.campaignId);
    if (campaign) campaign[row._id.status] = row.count;
  }
  return counts;
}

/**
 * Deletes a campaign's leads by id, all or nothing (NotFoundError lists unknown ids), claimed first
 * so that of overlapping requests one deletes and the others are refused; returns the leads deleted.
 */
export async function deleteLeads(
  records: ScopedModel<LeadRecord>,
  counters: CampaignCountersRepository,
  actions: ScopedModel<ActionRecord>,
  workspaceId: WorkspaceId,
  campaignId: string,
  ids: readonly string[],
  realNow: Date,
): Promise<LeadRecord[]> {
  const ours = await claimForRemoval(records, workspaceId, {
    entity: 'lead',
    scope: { campaignId },
    ids,
    realNow,
  });
  const claimed = await records.find(workspaceId, ours);
  // The runner may have logged actions with their step outcomes that the log has not taken yet.
  const carrying = claimed.filter((record) => (record.actionsToLog ?? []).length > 0);
  if (carrying.length > 0) await logActionsOf(actions, carrying);
  await records.deleteMany(workspaceId, ours);
  // As the leads were when claimed: one changed by the runner in between leaves a counter off,
  // which the drift check reports and corrects.
  await counters.recordLeadsRemoved(
    workspaceId,
    campaignId,
    claimed.map((record) => ({ status: record.status, accountId: record.accountId ?? null })),
  );
  return claimed;
}
