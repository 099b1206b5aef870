import {
  IMPORT_SKIP_REASONS,
  LEAD_IMPORT_STATUSES,
  type ImportDedupe,
  type ImportSkipCounts,
  type LeadImportSource,
  type LeadImportStatus,
  type LeadSourcePart,
  type SearchSplit,
} from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

/** One part of an import's source as the job reads it: what it is, and how far it got. */
export interface LeadImportPartRecord {
  part: LeadSourcePart;
  /** What the part holds as its source said (null until read). */
  total: number | null;
  /** LinkedIn's cap on the part (one search), or null. */
  cap: number | null;
  /** People read from the part (each added or skipped). */
  fetched: number;
  /** The part's last page ended its source. */
  exhausted: boolean;
}

/**
 * A lead import: a job the runner carries out a page at a time through the sender account. The
 * job's position is `partIndex`, `cursor` (the source's cursor of the part's next page) and `seq`
 * (how many people it judged: the next report row's number); each page moves them once, with the
 * page's counts, by a write conditional on the lease and on `seq` (see `checkpoint`).
 */
export interface LeadImportRecord {
  _id: string;
  workspaceId: string;
  campaignId: string;
  accountId: string;
  source: LeadImportSource;
  split: SearchSplit | null;
  dedupe: ImportDedupe;
  status: LeadImportStatus;
  /** The source's total (a split search: the whole search's); null until read or never said. */
  total: number | null;
  /** The LinkedIn cap of the whole search (split searches), else null. */
  cap: number | null;
  parts: LeadImportPartRecord[];
  partIndex: number;
  cursor: string | null;
  seq: number;
  fetched: number;
  added: number;
  skipped: ImportSkipCounts;
  waitingForBudgetUntil: Date | null;
  /**
   * When the runner should take the job up next (product time). Present only while it is not
   * finished, which keeps finished jobs out of the claim index.
   */
  nextRunAt?: Date;
  leaseOwner: string | null;
  leaseUntil: Date | null;
  attempts: number;
  /** Set by a cancel the runner must carry out (it holds the job); it stops at its next page. */
  cancelRequestedAt: Date | null;
  error: string | null;
  createdAt: Date;
  /** Absent until the runner first takes the job up. */
  startedAt?: Date;
  finishedAt: Date | null;
  updatedAt: Date;
}

const skippedFields = Object.fromEntries(
  IMPORT_SKIP_REASONS.map((reason) => [reason, { type: Number, required: true, default: 0 }]),
);

const partSchema = new Schema<LeadImportPartRecord>(
  {
    part: { type: Schema.Types.Mixed, required: true },
    total: { type: Number, default: null },
    cap: { type: Number, default: null },
    fetched: { type: Number, default: 0 },
    exhausted: { type: Boolean, default: false },
  },
  { _id: false, id: false, minimize: false },
);

export const leadImportSchema = new Schema<LeadImportRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    campaignId: { type: String, required: true, immutable: true },
    accountId: { type: String, required: true, immutable: true },
    source: { type: Schema.Types.Mixed, required: true, immutable: true },
    split: { type: Schema.Types.Mixed, default: null },
    dedupe: { type: Schema.Types.Mixed, required: true },
    status: { type: String, enum: LEAD_IMPORT_STATUSES, required: true },
    total: { type: Number, default: null },
    cap: { type: Number, default: null },
    parts: { type: [partSchema], required: true },
    partIndex: { type: Number, default: 0 },
    cursor: { type: String, default: null },
    seq: { type: Number, default: 0 },
    fetched: { type: Number, default: 0 },
    added: { type: Number, default: 0 },
    skipped: skippedFields,
    waitingForBudgetUntil: { type: Date, default: null },
    nextRunAt: { type: Date },
    leaseOwner: { type: String, default: null },
    leaseUntil: { type: Date, default: null },
    attempts: { type: Number, default: 0 },
    cancelRequestedAt: { type: Date, default: null },
    error: { type: String, default: null },
    createdAt: { type: Date, required: true },
    startedAt: { type: Date },
    finishedAt: { type: Date, default: null },
    updatedAt: { type: Date, required: true },
  },
  recordOptions('lead_imports'),
);

// Serves `list`: a campaign's imports, newest first, by cursor.
leadImportSchema.index({ workspaceId: 1, campaignId: 1, createdAt: -1, _id: -1 });
// Serves the runner's claim (`claimDueAcrossWorkspaces`): due jobs of any workspace by due time.
// Partial on `nextRunAt` existing, so finished jobs are not in it at all.
leadImportSchema.index({ nextRunAt: 1 }, { partialFilterExpression: { nextRunAt: { $exists: true } } });
