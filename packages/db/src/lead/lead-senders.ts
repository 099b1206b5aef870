import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import type { LeadRecord } from './lead.schema.js';

/* Which sender account holds a lead: redistribution before the lead starts, reconnections. */

const NOT_STARTED = { status: 'waiting', currentStep: 0, pendingActionKey: null } as const;

/**
 * Makes the runnable leads parked for this sender account (`sender_unavailable`, or
 * `sender_restricted` once LinkedIn restricted it) due at `now`:
 * the account was reconnected, so they need not wait for their next recheck. Returns how many.
 */
export async function wakeParkedBySender(
  records: ScopedModel<LeadRecord>,
  workspaceId: WorkspaceId,
  accountId: string,
  now: Date,
  updatedAt: Date,
): Promise<number> {
  let woken = 0;
  // One update per reason, each served by its own partial index.
  for (const internalStatus of ['sender_unavailable', 'sender_restricted'] as const) {
    const { modified } = await records.updateMany(
      workspaceId,
      { accountId, internalStatus, nextActionAt: { $gt: now } },
      { $set: { nextActionAt: now, updatedAt } },
    );
    woken += modified;
  }
  return woken;
}

/** Leads that have not begun the sequence: their sender may still be changed. */
export async function listNotStarted(
  records: ScopedModel<LeadRecord>,
  workspaceId: WorkspaceId,
  campaignId: string,
): Promise<Array<{ id: string; accountId: string | null }>> {
  const found = await records.find(workspaceId, { campaignId, ...NOT_STARTED }, { sort: { _id: 1 } });
  return found.map((record) => ({ id: record._id, accountId: record.accountId ?? null }));
}

/**
 * Applies a redistribution of senders. Each update is conditional on the lead still not having
 * started, so a lead the runner began in the meantime keeps the sender it was contacted from,
 * and, given `from`, on the lead still having the sender the redistribution was computed from
 * (a concurrent redistribution may have moved it). Returns how many leads changed sender.
 */
export function assignSenders(
  records: ScopedModel<LeadRecord>,
  workspaceId: WorkspaceId,
  campaignId: string,
  assignments: ReadonlyArray<{ leadId: string; accountId: string; from?: string | null }>,
  updatedAt: Date,
): Promise<number> {
  return records.bulkUpdate(
    workspaceId,
    assignments.map(({ leadId, accountId, from }) => ({
      filter: {
        _id: leadId,
        campaignId,
        ...NOT_STARTED,
        ...(from === undefined ? {} : { accountId: from }),
      },
      update: { $set: { accountId, updatedAt } },
    })),
  );
}
