import { FINAL_LEAD_STATUSES, type LeadStatus } from '@outreach/domain';
import type { UpdateQuery } from 'mongoose';
import type { LeadRecord } from './lead.schema.js';

/*
 * `completedAt` is when a lead reached a final status (completed or error), for analytics that
 * count leads completed within a window. Every write that sets a lead's status goes through
 * `withCompletion`, so the field cannot drift from the status:
 *
 * - entering a final status stamps it with `$min`, which sets an absent field and keeps an earlier
 *   time, so a completed lead later set to error (or completed again) keeps the time it finished;
 * - any other status removes it, so a lead reopened and finished again is counted when it
 *   finishes again.
 *
 * The field is absent (never null) while the lead is not final: `$min` against null would keep
 * null, as null sorts before every date.
 */

const FINAL: ReadonlySet<LeadStatus> = new Set(FINAL_LEAD_STATUSES);

export function isFinalLeadStatus(status: LeadStatus): boolean {
  return FINAL.has(status);
}

/** `update` (which sets `status`) plus the matching change of `completedAt`. */
export function withCompletion(
  update: UpdateQuery<LeadRecord>,
  status: LeadStatus,
  now: Date,
): UpdateQuery<LeadRecord> {
  if (isFinalLeadStatus(status)) return { ...update, $min: { ...update.$min, completedAt: now } };
  return { ...update, $unset: { ...update.$unset, completedAt: 1 } };
}
