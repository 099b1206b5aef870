import { LEAD_FILE_LIMITS, leadFileRowReader } from '@outreach/contract';
import type { InvalidLeadFileRow, StoredLeadFileRow, WorkspaceId } from '@outreach/db';
import { suggestLeadFileMapping, type LeadFileMapping } from '@outreach/domain';
import type { OperationContext } from '../context.js';
import type { CsvRow } from '../../lead-files/csv-rows.js';

/** Rows per stored chunk, and the text a chunk holds at most (a document stays far below 16 MiB). */
const CHUNK_ROWS = 500;
const CHUNK_CHARACTERS = 2_000_000;

/** What the upload answers about the rows once the last one is stored. */
export interface RowsSummary {
  rowCount: number;
  preview: string[][];
  suggestedMapping: LeadFileMapping | null;
  invalidRows: { count: number; rows: InvalidLeadFileRow[] };
}

/**
 * Stores an upload's rows as they are read, a chunk at a time (one write per chunk, awaited before
 * more is read, so memory holds one chunk whatever the file's size), and keeps what the answer
 * shows: the first rows, the mapping they suggest, and the rows that cannot become leads. The first
 * rows wait for the suggestion before they are checked, so invalid rows are counted in file order.
 */
export class LeadFileRowsWriter {
  private chunk: StoredLeadFileRow[] = [];
  private chunkCharacters = 0;
  private firstIndex = 0;
  private rowCount = 0;
  private readonly preview: CsvRow[] = [];
  private suggestion: {
    mapping: LeadFileMapping | null;
    check: (row: CsvRow, index: number) => string | null;
  } | null = null;
  private readonly invalid: { count: number; rows: InvalidLeadFileRow[] } = { count: 0, rows: [] };

  constructor(
    private readonly ctx: OperationContext,
    private readonly workspaceId: WorkspaceId,
    private readonly fileId: string,
    private readonly columns: readonly string[],
    private readonly expiresAt: Date,
  ) {}

  /** How many rows were added. */
  get count(): number {
    return this.rowCount;
  }

  async add(row: CsvRow): Promise<void> {
    const index = this.rowCount;
    this.rowCount += 1;
    this.chunk.push({ line: row.line, cells: row.cells, problem: row.problem });
    this.chunkCharacters += row.cells.reduce((sum, cell) => sum + cell.length, 0);
    if (this.suggestion === null) {
      this.preview.push(row);
      if (this.preview.length === LEAD_FILE_LIMITS.previewRows) this.suggest();
    } else this.check(row, index);
    if (this.chunk.length >= CHUNK_ROWS || this.chunkCharacters >= CHUNK_CHARACTERS) await this.flush();
  }

  /** Stores what is left and answers the summary. */
  async finish(): Promise<RowsSummary> {
    if (this.suggestion === null) this.suggest();
    await this.flush();
    return {
      rowCount: this.rowCount,
      preview: this.preview.map((row) => row.cells),
      suggestedMapping: this.suggestion?.mapping ?? null,
      invalidRows: this.invalid,
    };
  }

  private suggest(): void {
    const mapping = suggestLeadFileMapping(
      this.columns,
      this.preview.map((row) => row.cells),
    );
    const read = mapping === null ? null : leadFileRowReader(this.columns, mapping);
    this.suggestion = {
      mapping,
      check: (row, index) => {
        if (row.problem !== null) return row.problem;
        if (read === null) return null;
        const entry = read({ index, line: row.line, cells: row.cells, problem: null });
        return 'invalid' in entry ? entry.invalid : null;
      },
    };
    this.preview.forEach((row, index) => this.check(row, index));
  }

  private check(row: CsvRow, index: number): void {
    const reason = this.suggestion?.check(row, index) ?? row.problem;
    if (reason === null) return;
    this.invalid.count += 1;
    if (this.invalid.rows.length < LEAD_FILE_LIMITS.listedInvalidRows) {
      this.invalid.rows.push({ line: row.line, reason });
    }
  }

  private async flush(): Promise<void> {
    if (this.chunk.length === 0) return;
    await this.ctx.db.leadFileRows.append(this.workspaceId, {
      fileId: this.fileId,
      firstIndex: this.firstIndex,
      rows: this.chunk,
      expiresAt: this.expiresAt,
    });
    this.firstIndex += this.chunk.length;
    this.chunk = [];
    this.chunkCharacters = 0;
  }
}
