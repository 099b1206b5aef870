import type { CampaignCountersRepository } from '../campaign/campaign-counters.repository.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { withCompletion } from './lead-completion.js';
import type { LeadRecord } from './lead.schema.js';

/*
 * Sequence edits move steps under leads that are part-way through. `currentStep` is the index of
 * a lead's next step, so after an edit each lead must point at the same next step as before:
 *
 * - insert at k: leads past k (currentStep > k) move up by one; leads at k run the new step
 *   next. If k is the old length (a step appended), leads that finished by running every step
 *   (completed, internalStatus finished) are reopened as waiting for the new step. Leads stopped
 *   for another reason (a reply) stay completed.
 * - delete at k: leads past k move down by one; leads at k run the step that slid into k. Leads
 *   still running whose next step no longer exists (it was the last) have finished the sequence.
 *
 * The runner advances leads with `$inc` (see lead-lease.repository), so an advance racing one of
 * these shifts composes with it instead of overwriting it. Each rule is one multi-document
 * update; no transaction is needed because each lead's own change is atomic and the rules do not
 * depend on one another's results. A rule that changes statuses moves leads from one known status
 * to another (one update per status it moves from), so its count of changed leads is what the
 * campaign counters move.
 */

const RUNNING = ['waiting', 'active'] as const;

export async function adjustAfterStepInsert(
  records: ScopedModel<LeadRecord>,
  counters: CampaignCountersRepository,
  workspaceId: WorkspaceId,
  campaignId: string,
  insert: { index: number; previousLength: number; reopenAt: Date; now: Date },
): Promise<{ shifted: number; reopened: number }> {
  const shifted = await records.updateMany(
    workspaceId,
    { campaignId, currentStep: { $gt: insert.index } },
    { $inc: { currentStep: 1 }, $set: { updatedAt: insert.now } },
  );
  if (insert.index !== insert.previousLength) return { shifted: shifted.modified, reopened: 0 };
  const reopened = await records.updateMany(
    workspaceId,
    { campaignId, currentStep: insert.previousLength, status: 'completed', internalStatus: 'finished' },
    withCompletion(
      {
        $set: {
          status: 'waiting',
          internalStatus: 'queued',
          nextActionAt: insert.reopenAt,
          updatedAt: insert.now,
        },
      },
      'waiting',
      insert.now,
    ),
  );
  const count = reopened.modified;
  await counters.recordStatusChanges(workspaceId, campaignId, { from: 'completed', to: 'waiting', count });
  return { shifted: shifted.modified, reopened: count };
}

export async function adjustAfterStepDelete(
  records: ScopedModel<LeadRecord>,
  counters: CampaignCountersRepository,
  workspaceId: WorkspaceId,
  campaignId: string,
  removal: { index: number; previousLength: number; now: Date },
): Promise<{ shifted: number; finished: number }> {
  const shifted = await records.updateMany(
    workspaceId,
    { campaignId, currentStep: { $gt: removal.index } },
    { $inc: { currentStep: -1 }, $set: { updatedAt: removal.now } },
  );
  let finished = 0;
  for (const status of RUNNING) {
    const result = await records.updateMany(
      workspaceId,
      { campaignId, currentStep: { $gte: removal.previousLength - 1 }, status },
      withCompletion(
        {
          // The lease goes too: a runner still executing the deleted step learns it lost the lead
          // instead of advancing a finished lead past the end of the sequence.
          $set: {
            status: 'completed',
            internalStatus: 'finished',
            leaseOwner: null,
            leaseUntil: null,
            updatedAt: removal.now,
          },
          $unset: { nextActionAt: 1 },
        },
        'completed',
        removal.now,
      ),
    );
    await counters.recordStatusChanges(workspaceId, campaignId, {
      from: status,
      to: 'completed',
      count: result.modified,
    });
    finished += result.modified;
  }
  return { shifted: shifted.modified, finished };
}
