import type { ImportSkipReason } from '@outreach/domain';
import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import { importRowId, type LeadImportRowRecord } from './lead-import-row.schema.js';

export type ImportRow = Omit<LeadImportRowRecord, '_id' | 'workspaceId' | 'createdAt'>;

function toImportRow(record: LeadImportRowRecord): ImportRow {
  return {
    importId: record.importId,
    seq: record.seq,
    part: record.part,
    line: record.line,
    publicIdentifier: record.publicIdentifier,
    name: record.name,
    outcome: record.outcome,
    reason: record.reason,
    detail: record.detail,
    lead: record.lead,
  };
}

/** The rows of each import: one per person read, written once per position. */
export class LeadImportRowRepository {
  constructor(
    private readonly records: ScopedModel<LeadImportRowRecord>,
    private readonly clock: () => Date,
  ) {}

  /**
   * Stores a page's rows and answers the page as stored. A position stored before (the page was
   * read again after its runner died) keeps its first row: then the stored rows of the positions
   * are read back and answered instead, so what was decided for a person is decided once.
   */
  async storePage(workspaceId: WorkspaceId, rows: readonly ImportRow[]): Promise<ImportRow[]> {
    if (rows.length === 0) return [];
    const now = this.clock();
    const { duplicates } = await this.records.insertManyCountingDuplicates(
      workspaceId,
      rows.map((row) => ({ _id: importRowId(row.importId, row.seq), ...row, createdAt: now })),
    );
    if (duplicates === 0) return [...rows];
    const first = rows[0] as ImportRow;
    const stored = await this.records.find(
      workspaceId,
      { importId: first.importId, seq: { $gte: first.seq, $lte: first.seq + rows.length - 1 } },
      { sort: { seq: 1 } },
    );
    return stored.map(toImportRow);
  }

  /**
   * Turns rows judged `added` into skips (the person's lead was there already, stored by someone
   * else between the judgement and the insert). Idempotent.
   */
  async markSkipped(
    workspaceId: WorkspaceId,
    importId: string,
    seqs: readonly number[],
    reason: ImportSkipReason,
  ): Promise<void> {
    if (seqs.length === 0) return;
    await this.records.updateMany(
      workspaceId,
      { _id: { $in: seqs.map((seq) => importRowId(importId, seq)) }, outcome: 'added' },
      { $set: { outcome: 'skipped', reason, lead: null } },
    );
  }

  /** Which of `identifiers` the import met at a position before `beforeSeq` (one indexed read). */
  async seenBefore(
    workspaceId: WorkspaceId,
    importId: string,
    identifiers: readonly string[],
    beforeSeq: number,
  ): Promise<Set<string>> {
    if (identifiers.length === 0 || beforeSeq === 0) return new Set();
    const found = await this.records.find(workspaceId, {
      importId,
      publicIdentifier: { $in: [...identifiers] },
      seq: { $lt: beforeSeq },
    });
    return new Set(found.flatMap((row) => (row.publicIdentifier === null ? [] : [row.publicIdentifier])));
  }

  /** The import's rows after position `afterSeq` (exclusive; -1 from the start), in order. */
  async listAfter(
    workspaceId: WorkspaceId,
    importId: string,
    query: { afterSeq: number; limit: number },
  ): Promise<ImportRow[]> {
    const found = await this.records.find(
      workspaceId,
      { importId, seq: { $gt: query.afterSeq } },
      { sort: { seq: 1 }, limit: query.limit },
    );
    return found.map(toImportRow);
  }
}
