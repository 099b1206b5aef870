import { NotFoundError } from '../common/db-errors.js';
import { leaseFree } from '../common/lease.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import type { SenderAccountRecord } from './sender-account.schema.js';

/*
 * The state runners share about a sender account: its pacing gate and where the reading of its
 * network event feed stands. Both live on the account record, so every runner process sees the
 * same gate and a restarted runner resumes the feed. Neither touches `updatedAt`: they change on
 * every action and every feed page, and are no edit of the account.
 */

/** The answer of `takePacingSlot`: the gate was free and is now held until `pacedUntil`, or not. */
export type PacingSlot = { taken: true; pacedUntil: Date } | { taken: false; pacedUntil: Date };

/**
 * Takes the account's pacing gate for one action, atomically: one findOneAndUpdate on
 * `pacedUntil <= now` (or none yet) that moves the gate to `now + gapMs`. Of runners racing for
 * the same gate, one update matches and the others do not. A caller that lost reads the gate
 * once more to learn when it opens.
 */
export async function takePacingSlot(
  records: ScopedModel<SenderAccountRecord>,
  workspaceId: WorkspaceId,
  accountId: string,
  slot: { now: Date; gapMs: number },
): Promise<PacingSlot> {
  const pacedUntil = new Date(slot.now.getTime() + slot.gapMs);
  const taken = await records.findOneAndUpdate(
    workspaceId,
    // Same test as a free lease: no gate yet, or one that has opened by `now`.
    { _id: accountId, pacedUntil: leaseFree(slot.now) },
    { $set: { pacedUntil } },
  );
  if (taken) return { taken: true, pacedUntil };
  const current = await records.findOne(workspaceId, { _id: accountId });
  if (!current) throw new NotFoundError('sender account', [accountId]);
  // Null here means the gate was cleared since the update: it is open now.
  return { taken: false, pacedUntil: current.pacedUntil ?? slot.now };
}

/**
 * Stores the feed cursor. With `expected` (null: no cursor yet), the write is a compare-and-set
 * on the cursor the caller started reading from: a runner whose page was already handled and
 * saved by another runner (which may have read further since) gets false and leaves the cursor
 * where it is, so the cursor never moves back. Without `expected` the cursor is set as given.
 */
export async function saveEventCursor(
  records: ScopedModel<SenderAccountRecord>,
  workspaceId: WorkspaceId,
  accountId: string,
  cursor: string,
  expected?: string | null,
): Promise<boolean> {
  const filter = expected === undefined ? { _id: accountId } : { _id: accountId, eventCursor: expected };
  const result = await records.updateOne(workspaceId, filter, { $set: { eventCursor: cursor } });
  if (result.matched === 1) return true;
  if (expected === undefined || !(await records.findOne(workspaceId, { _id: accountId }))) {
    throw new NotFoundError('sender account', [accountId]);
  }
  return false;
}
