import type { WorkspaceId } from '../common/public-ids.js';
import type { ScopedModel } from '../common/scoped-model.js';
import {
  leadFileRowChunkId,
  type LeadFileRowChunkRecord,
  type StoredLeadFileRow,
} from './lead-file-row.schema.js';

/** A row as read back: its position among the file's data rows (from 0), line, cells, problem. */
export interface LeadFileRowEntry extends StoredLeadFileRow {
  index: number;
}

/** Chunks read per round trip while walking a file. */
const CHUNKS_PER_READ = 2;

/** The rows of uploaded lead files, stored in chunks as the upload is read. */
export class LeadFileRowRepository {
  constructor(private readonly records: ScopedModel<LeadFileRowChunkRecord>) {}

  /**
   * Stores the rows from `firstIndex` on, one chunk. Storing the same chunk again (a retried write)
   * changes nothing.
   */
  async append(
    workspaceId: WorkspaceId,
    chunk: { fileId: string; firstIndex: number; rows: readonly StoredLeadFileRow[]; expiresAt: Date },
  ): Promise<void> {
    await this.records.insertManyCountingDuplicates(workspaceId, [
      {
        _id: leadFileRowChunkId(chunk.fileId, chunk.firstIndex),
        fileId: chunk.fileId,
        firstIndex: chunk.firstIndex,
        rows: chunk.rows.map(({ line, cells, problem }) => ({ line, cells: [...cells], problem })),
        expiresAt: chunk.expiresAt,
      },
    ]);
  }

  /** Removes every row of a file (an upload refused after some of its rows were stored). */
  discard(workspaceId: WorkspaceId, fileId: string): Promise<number> {
    return this.records.deleteMany(workspaceId, { fileId });
  }

  /**
   * The file's rows from `fromIndex` on, in file order, one stored chunk per batch: the chunk
   * holding `fromIndex` (found on the index by its first row), then the next ones, two per round
   * trip. Holds two chunks at most, whatever the file's size. Whether the file exists (and has not
   * expired) is `leadFiles.get`'s to say: rows are stored before their file.
   */
  async *rowsFrom(
    workspaceId: WorkspaceId,
    fileId: string,
    fromIndex = 0,
  ): AsyncGenerator<LeadFileRowEntry[]> {
    const start = Math.max(0, Math.floor(fromIndex));
    const first = await this.records.findOne(
      workspaceId,
      { fileId, firstIndex: { $lte: start } },
      { sort: { firstIndex: -1 } },
    );
    let after = -1;
    if (first !== null) {
      const rows = entries(first).filter((row) => row.index >= start);
      if (rows.length > 0) yield rows;
      after = first.firstIndex;
    }
    for (;;) {
      const chunks = await this.records.find(
        workspaceId,
        { fileId, firstIndex: { $gt: after } },
        { sort: { firstIndex: 1 }, limit: CHUNKS_PER_READ },
      );
      for (const chunk of chunks) {
        const rows = entries(chunk).filter((row) => row.index >= start);
        if (rows.length > 0) yield rows;
        after = chunk.firstIndex;
      }
      if (chunks.length < CHUNKS_PER_READ) return;
    }
  }
}

function entries(chunk: LeadFileRowChunkRecord): LeadFileRowEntry[] {
  return chunk.rows.map((row, offset) => ({
    index: chunk.firstIndex + offset,
    line: row.line,
    cells: row.cells,
    problem: row.problem ?? null,
  }));
}
