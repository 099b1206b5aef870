import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

/** One row of a lead file: its cells, the line it starts on, and why it cannot be read, if so. */
export interface StoredLeadFileRow {
  line: number;
  cells: string[];
  problem: string | null;
}

/**
 * A chunk of consecutive rows of one lead file: the rows from `firstIndex` on (0 is the first data
 * row), at most a few hundred, so a 100,000-row file is a few hundred documents written as the
 * upload is read and read back a chunk at a time. `_id` is `<fileId>|<firstIndex>`.
 */
export interface LeadFileRowChunkRecord {
  _id: string;
  workspaceId: string;
  fileId: string;
  firstIndex: number;
  rows: StoredLeadFileRow[];
  expiresAt: Date;
}

export const leadFileRowChunkSchema = new Schema<LeadFileRowChunkRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    fileId: { type: String, required: true },
    firstIndex: { type: Number, required: true },
    rows: {
      type: [
        new Schema(
          { line: { type: Number }, cells: { type: [String] }, problem: { type: String, default: null } },
          { _id: false },
        ),
      ],
      required: true,
    },
    expiresAt: { type: Date, required: true },
  },
  recordOptions('lead_file_rows'),
);

// Serves `rowsFrom` (the chunk holding an index, then the next ones in order) and `discard`: one
// file's chunks by their first row.
leadFileRowChunkSchema.index({ workspaceId: 1, fileId: 1, firstIndex: 1 }, { unique: true });
// Serves nothing but housekeeping: the rows of a file go with it, and so do those of an upload
// that was refused or cut short before its file was recorded.
leadFileRowChunkSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export function leadFileRowChunkId(fileId: string, firstIndex: number): string {
  return `${fileId}|${firstIndex}`;
}
