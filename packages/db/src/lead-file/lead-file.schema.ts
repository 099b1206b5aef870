import type { LeadFileMapping } from '@outreach/domain';
import { Schema } from 'mongoose';
import { recordOptions, workspaceIdField } from '../common/record-options.js';

/** A row the suggested mapping (or the file's shape) does not make a lead, with where and why. */
export interface InvalidLeadFileRow {
  line: number;
  reason: string;
}

/**
 * An uploaded CSV file of leads: what its upload found (header, delimiter, first rows, suggested
 * mapping, invalid rows). Its rows are in `lead_file_rows`, written before this record: a file
 * exists for readers only once every row is stored. Files and rows expire together (`expiresAt`,
 * real time: the TTL monitor counts in real time).
 */
export interface LeadFileRecord {
  _id: string;
  workspaceId: string;
  name: string | null;
  rowCount: number;
  columns: string[];
  delimiter: string;
  /** The cells of the first rows, in column order (column names may hold `.` or `$`). */
  preview: string[][];
  suggestedMapping: LeadFileMapping | null;
  invalidRows: { count: number; rows: InvalidLeadFileRow[] };
  createdAt: Date;
  expiresAt: Date;
}

export const leadFileSchema = new Schema<LeadFileRecord>(
  {
    _id: { type: String, required: true },
    workspaceId: workspaceIdField,
    name: { type: String, default: null },
    rowCount: { type: Number, required: true },
    columns: { type: [String], required: true },
    delimiter: { type: String, required: true },
    preview: { type: [[String]], required: true },
    suggestedMapping: { type: Schema.Types.Mixed, default: null },
    invalidRows: {
      type: new Schema(
        {
          count: { type: Number, required: true },
          rows: { type: [new Schema({ line: Number, reason: String }, { _id: false })], required: true },
        },
        { _id: false },
      ),
      required: true,
    },
    createdAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
  },
  recordOptions('lead_files'),
);

// Serves nothing but housekeeping: MongoDB deletes a file once it expired (reads check the time
// too, since the TTL monitor runs only about once a minute). Reads go by `_id`.
leadFileSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
