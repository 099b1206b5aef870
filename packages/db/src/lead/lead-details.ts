import type { LeadTag, ReplyAnalysisRecord } from '@outreach/domain';
import { NotFoundError } from '../common/db-errors.js';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { toLead, type Lead } from './lead.entity.js';
import { LEAD_PROFILE_FIELDS, type LeadProfileField, type LeadRecord } from './lead.schema.js';

/* What the runner learns about a lead on the way (its profile, tags, a screener reading). */

async function current(records: ScopedModel<LeadRecord>, workspaceId: WorkspaceId, id: string) {
  const record = await records.findOne(workspaceId, { _id: id });
  return record ? toLead(record) : null;
}

/**
 * Fills in the lead's empty profile fields from what the network showed of the profile: a field
 * the user gave (or an earlier visit filled) is never overwritten, and empty values change
 * nothing. One pipeline update, so each field is judged on the stored lead. Returns the lead.
 */
export async function fillEmptyProfile(
  records: ScopedModel<LeadRecord>,
  workspaceId: WorkspaceId,
  id: string,
  seen: Partial<Record<LeadProfileField, string | null>>,
  now: Date,
): Promise<Lead | null> {
  const fill: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(seen)) {
    if (!LEAD_PROFILE_FIELDS.includes(field as LeadProfileField)) continue;
    if (typeof value !== 'string' || value.trim() === '') continue;
    const stored = `$${field}`;
    fill[field] = { $cond: [{ $in: [{ $ifNull: [stored, ''] }, ['']] }, value.trim(), stored] };
  }
  if (Object.keys(fill).length === 0) return current(records, workspaceId, id);
  const record = await records.findOneAndUpdate(workspaceId, { _id: id }, [
    { $set: { ...fill, updatedAt: now } },
  ]);
  return record ? toLead(record) : null;
}

/** Adds a tag; `added` is true only for the call that added it (the tag event fires once). */
export async function addTag(
  records: ScopedModel<LeadRecord>,
  workspaceId: WorkspaceId,
  id: string,
  tag: LeadTag,
  now: Date,
): Promise<{ lead: Lead; added: boolean }> {
  const record = await records.findOneAndUpdate(
    workspaceId,
    { _id: id, tags: { $ne: tag } },
    { $push: { tags: tag }, $set: { updatedAt: now } },
  );
  if (record) return { lead: toLead(record), added: true };
  const lead = await current(records, workspaceId, id);
  if (!lead) throw new NotFoundError('lead', [id]);
  return { lead, added: false };
}

/** Keeps how the lead's latest reply to a screener was read (shown on the lead). */
export async function recordScreenerAnalysis(
  records: ScopedModel<LeadRecord>,
  workspaceId: WorkspaceId,
  id: string,
  analysis: ReplyAnalysisRecord,
  now: Date,
): Promise<void> {
  await records.updateOne(workspaceId, { _id: id }, { $set: { screenerAnalysis: analysis, updatedAt: now } });
}

export async function removeTag(
  records: ScopedModel<LeadRecord>,
  workspaceId: WorkspaceId,
  id: string,
  tag: LeadTag,
  now: Date,
): Promise<Lead> {
  const record = await records.findOneAndUpdate(
    workspaceId,
    { _id: id },
    { $pull: { tags: tag }, $set: { updatedAt: now } },
  );
  if (!record) throw new NotFoundError('lead', [id]);
  return toLead(record);
}
