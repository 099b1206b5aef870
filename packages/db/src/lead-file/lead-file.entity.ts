import type { LeadFileMapping } from '@outreach/domain';
import type { WorkspaceId } from '../common/public-ids.js';
import type { InvalidLeadFileRow, LeadFileRecord } from './lead-file.schema.js';

export interface LeadFile {
  id: string;
  workspaceId: WorkspaceId;
  name: string | null;
  /** Data rows, invalid ones included. */
  rowCount: number;
  columns: string[];
  delimiter: string;
  /** The first rows' cells, in column order. */
  preview: string[][];
  suggestedMapping: LeadFileMapping | null;
  invalidRows: { count: number; rows: InvalidLeadFileRow[] };
  createdAt: Date;
  expiresAt: Date;
}

export type NewLeadFile = Omit<LeadFile, 'workspaceId'>;

export function toLeadFile(record: LeadFileRecord): LeadFile {
  return {
    id: record._id,
    workspaceId: record.workspaceId as WorkspaceId,
    name: record.name ?? null,
    rowCount: record.rowCount,
    columns: [...record.columns],
    delimiter: record.delimiter,
    preview: record.preview.map((cells) => [...cells]),
    suggestedMapping: record.suggestedMapping ?? null,
    invalidRows: {
      count: record.invalidRows.count,
      rows: record.invalidRows.rows.map(({ line, reason }) => ({ line, reason })),
    },
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
  };
}
