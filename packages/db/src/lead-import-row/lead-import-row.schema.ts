import { IMPORT_SKIP_REASONS, type ImportSkipReason } from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';
import type { NewLead } from '../lead/lead-new-record.js';

export const IMPORT_ROW_OUTCOMES = ['added', 'skipped'] as const;
export type ImportRowOutcome = (typeof IMPORT_ROW_OUTCOMES)[number];

/**
 * One person an import read, and what became of them: the import's report, and its memory. `_id`
 * is `<importId>|<seq>`, `seq` being the person's position in the whole import (every part, from
 * 0), so a page stored twice (its runner died before the checkpoint) keeps the first outcome of
 * each position. An added row carries the lead as it was stored, so the lead can be stored again
 * from the row alone.
 */
export interface LeadImportRowRecord {
  _id: string;
  workspaceId: string;
  importId: string;
  seq: number;
  /** The part of the source the person came from (0 for a source read whole). */
  part: number;
  /** The CSV line, for a file; null for the network's sources. */
  line: number | null;
  publicIdentifier: string | null;
  name: string;
  outcome: ImportRowOutcome;
  reason: ImportSkipReason | null;
  detail: string | null;
  lead: NewLead | null;
  createdAt: Date;
}

export const leadImportRowSchema = new Schema<LeadImportRowRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    importId: { type: String, required: true, immutable: true },
    seq: { type: Number, required: true, immutable: true },
    part: { type: Number, required: true },
    line: { type: Number, default: null },
    publicIdentifier: { type: String, default: null },
    name: { type: String, default: '' },
    outcome: { type: String, enum: IMPORT_ROW_OUTCOMES, required: true },
    reason: { type: String, enum: [...IMPORT_SKIP_REASONS, null], default: null },
    detail: { type: String, default: null },
    lead: { type: Schema.Types.Mixed, default: null },
    createdAt: { type: Date, required: true },
  },
  recordOptions('lead_import_rows'),
);

// Serves the report (an import's rows in order, by `seq`) and a page's read-back after a retry.
leadImportRowSchema.index({ workspaceId: 1, importId: 1, seq: 1 });
// Serves `seenBefore`: which of a page's people this import met on an earlier page. Partial: rows
// without an identifier are never looked up.
leadImportRowSchema.index(
  { workspaceId: 1, importId: 1, publicIdentifier: 1, seq: 1 },
  { partialFilterExpression: { publicIdentifier: { $type: 'string' } } },
);

export function importRowId(importId: string, seq: number): string {
  return `${importId}|${seq}`;
}
