import type { UpdateQuery } from 'mongoose';
import type { CampaignCountersRepository, LeadChange } from '../campaign/campaign-counters.repository.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { LeadRecord } from './lead.schema.js';

/*
 * The campaign counters follow every lead write that can change a lead's status or sender. Such a
 * write is one `findOneAndUpdate` that returns the lead as it was (`returnDocument: 'before'`):
 * the counters need the status and sender it had, and only the write itself knows them without a
 * second read that another writer could overtake. The lead as the write left it is then the
 * stored one with the update applied, which `applyUpdate` computes for the plain top-level
 * operators these writes use.
 */

/** `record` with `update` applied, as MongoDB applies it (`$set`, `$unset`, `$inc`, `$min`). */
export function applyUpdate(record: LeadRecord, update: UpdateQuery<LeadRecord>): LeadRecord {
  const unset = new Set(Object.keys(update.$unset ?? {}));
  const next: Record<string, unknown> = Object.fromEntries(
    Object.entries(record).filter(([path]) => !unset.has(path)),
  );
  for (const [path, value] of Object.entries(update.$set ?? {})) next[path] = value;
  for (const [path, by] of Object.entries(update.$inc ?? {}))
    next[path] = (typeof next[path] === 'number' ? next[path] : 0) + (by as number);
  for (const [path, value] of Object.entries(update.$min ?? {})) {
    const stored = next[path];
    if (stored === undefined || stored === null || (value as Date | number) < (stored as Date | number))
      next[path] = value;
  }
  return next as unknown as LeadRecord;
}

/** Counts the write of one lead, from the lead as it was to the lead as it is now. */
export async function countLeadChange(
  counters: CampaignCountersRepository,
  workspaceId: WorkspaceId,
  before: LeadRecord,
  after: LeadRecord,
): Promise<void> {
  await counters.recordLeadChange(workspaceId, before.campaignId, leadChangeOf(before, after));
}

/** The status and sender a lead's write moved it from and to. */
export function leadChangeOf(before: LeadRecord, after: LeadRecord): LeadChange {
  return {
    fromStatus: before.status,
    toStatus: after.status,
    fromSender: before.accountId ?? null,
    toSender: after.accountId ?? null,
  };
}
