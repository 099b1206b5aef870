import { pipeline, Readable } from 'node:stream';
import type { ImportRow } from '@outreach/db';
import { stringify } from 'csv-stringify';
import { streamed, type StreamReply } from '../../http/route.js';
import type { OperationContext } from '../context.js';
import { requireLeadImport } from './read-lead-imports.js';

export const REPORT_COLUMNS = [
  'position',
  'part',
  'line',
  'publicIdentifier',
  'name',
  'outcome',
  'reason',
  'detail',
] as const;

/** Rows read per round trip while the report is written. */
const BATCH = 500;

/**
 * An import's report as CSV, written as it is read: every person the import read so far, in the
 * order read, with what became of them and why. A batch of rows at a time, whatever the import's
 * size. The import is checked before anything is sent, so one of another workspace is a 404.
 */
export async function leadImportReport(ctx: OperationContext, importId: string): Promise<StreamReply> {
  const job = await requireLeadImport(ctx, importId);
  const csv = stringify({
    header: true,
    columns: [...REPORT_COLUMNS],
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    // A name such as `=HYPERLINK(…)` is shown as text by spreadsheets, never run as a formula.
    escape_formulas: true,
  });
  const body = pipeline(Readable.from(reportRows(ctx, job.id)), csv, () => undefined);
  return streamed(body, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="lead-import-${job.id}.csv"`,
  });
}

async function* reportRows(ctx: OperationContext, importId: string): AsyncGenerator<string[]> {
  let after = -1;
  for (;;) {
    const rows: ImportRow[] = await ctx.db.leadImportRows.listAfter(ctx.workspaceId, importId, {
      afterSeq: after,
      limit: BATCH,
    });
    for (const row of rows)
      yield [
        String(row.seq),
        String(row.part),
        row.line === null ? '' : String(row.line),
        row.publicIdentifier ?? '',
        row.name,
        row.outcome,
        row.reason ?? '',
        row.detail ?? '',
      ];
    const last = rows.at(-1);
    if (last === undefined || rows.length < BATCH) return;
    after = last.seq;
  }
}
