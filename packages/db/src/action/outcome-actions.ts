import type { ScopedModel } from '../common/scoped-model.js';
import type { LeadRecord } from '../lead/lead.schema.js';
import type { ActionRecord, ActionToLog } from './action.schema.js';

/*
 * Actions logged with a lead's step outcome (`StepOutcome.loggedAction`): one write of the lead
 * both settles its step and logs the action, one round trip fewer per step than inserting the
 * action on its own. The action reaches the log within seconds, moved there by the log's follower
 * before it derives a batch; until then it is on the lead, invisible to the log's readers (the
 * analytics and the drift check, which count neither it nor its figures).
 *
 * A move inserts the actions (pending derivation) and then pulls them off their leads; a mover that
 * dies in between leaves them on the lead, and the next move inserts them again, which the log's
 * unique ids and idempotency keys turn into nothing. Two movers at once do the same.
 */

/** Leads' actions moved into the log at once. */
const MOVE_BATCH = 500;

/**
 * Moves the actions of up to `MOVE_BATCH` leads, of any workspace, into the log: a read of those
 * leads, one unordered insert, one bulk write that pulls them off. Returns how many it moved.
 */
export async function moveActionsLoggedWithOutcomes(
  leads: ScopedModel<LeadRecord>,
  actions: ScopedModel<ActionRecord>,
): Promise<number> {
  const carrying = await leads.acrossWorkspaces
    .find({ actionsToLogSince: { $exists: true } }, { workspaceId: 1, actionsToLog: 1 })
    .limit(MOVE_BATCH)
    .lean<Array<Pick<LeadRecord, '_id' | 'workspaceId' | 'actionsToLog'>>>()
    .exec();
  if (carrying.length === 0) return 0;
  await logActionsOf(actions, carrying);
  const moved = carrying.flatMap((lead) => (lead.actionsToLog ?? []).map((action) => action._id));
  const ids = carrying.map((lead) => lead._id);
  // Ordered: the leads left with none (a later outcome may have added one meanwhile) lose the
  // field only after the pull.
  await leads.acrossWorkspaces.bulkWrite(
    [
      {
        updateMany: {
          filter: { _id: { $in: ids } },
          update: { $pull: { actionsToLog: { _id: { $in: moved } } } },
        },
      },
      {
        updateMany: {
          filter: { _id: { $in: ids }, actionsToLog: { $size: 0 } },
          update: { $unset: { actionsToLog: 1, actionsToLogSince: 1 } },
        },
      },
    ],
    { ordered: true },
  );
  return moved.length;
}

/**
 * Inserts the actions the leads carry into the log, pending derivation (one unordered insert; one
 * already there is skipped): for the follower's move, and for leads about to be deleted.
 */
export async function logActionsOf(
  actions: ScopedModel<ActionRecord>,
  leads: ReadonlyArray<Pick<LeadRecord, 'workspaceId' | 'actionsToLog'>>,
): Promise<void> {
  const records = leads.flatMap(({ workspaceId, actionsToLog }) =>
    (actionsToLog ?? []).map((action: ActionToLog): ActionRecord => ({
      ...action,
      workspaceId,
      derivePending: true,
    })),
  );
  await actions.insertManyAcrossWorkspacesCountingDuplicates(records);
}
