import { LEAD_FILE_LIMITS, type LeadFile } from '@outreach/contract';
import { newId } from '@outreach/db';
import { HttpError } from '../../http/http-error.js';
import { openCsv } from '../../lead-files/csv-rows.js';
import { csvText, isKnownCharset, tooLarge } from '../../lead-files/csv-text.js';
import { toApiLeadFile } from '../../mappers/lead-file.mapper.js';
import type { OperationContext } from '../context.js';
import { LeadFileRowsWriter } from './lead-file-rows-writer.js';

/** The media types a file may be sent as; anything else is a 415 before the body is read. */
const CSV_MEDIA_TYPES = ['text/csv', 'text/tab-separated-values'];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The request as the upload reads it; the body is read once, as it arrives. */
export interface LeadFileUpload {
  contentType: string | undefined;
  contentLength: number | null;
  body: AsyncIterable<Uint8Array>;
}

/**
 * Stores an uploaded CSV file of leads: its rows are read and stored as they arrive, then the file
 * is recorded, so readers see a file only once all its rows are there. Refused (a file past a
 * limit, text that is not CSV, a request cut short), the rows stored so far are removed and nothing
 * is recorded; should that removal fail, they expire with the file's retention.
 */
export async function uploadLeadFile(
  ctx: OperationContext,
  upload: LeadFileUpload,
  query: { name?: string | undefined },
): Promise<LeadFile> {
  const charset = csvCharset(upload.contentType);
  if (upload.contentLength !== null && upload.contentLength > LEAD_FILE_LIMITS.maxBytes) {
    throw tooLarge(LEAD_FILE_LIMITS.maxBytes);
  }
  const workspaceId = ctx.workspaceId;
  const fileId = newId('leadFile');
  // Real time, as MongoDB's TTL monitor counts it: a compressed demo clock keeps files 7 real days.
  const createdAt = ctx.realClock();
  const expiresAt = new Date(createdAt.getTime() + LEAD_FILE_LIMITS.retentionDays * DAY_MS);
  try {
    const csv = await openCsv(csvText(upload.body, { charset, maxBytes: LEAD_FILE_LIMITS.maxBytes }));
    const writer = new LeadFileRowsWriter(ctx, workspaceId, fileId, csv.columns, expiresAt);
    for await (const row of csv.rows) {
      if (writer.count === LEAD_FILE_LIMITS.maxRows) throw tooManyRows(row.line);
      await writer.add(row);
    }
    if (writer.count === 0) {
      throw new HttpError(422, 'the file has a header but no data rows', {
        code: 'invalid_csv',
        details: { line: 2 },
      });
    }
    const rows = await writer.finish();
    const file = await ctx.db.leadFiles.create(workspaceId, {
      id: fileId,
      name: query.name ?? null,
      columns: csv.columns,
      delimiter: csv.delimiter,
      ...rows,
      createdAt,
      expiresAt,
    });
    return toApiLeadFile(file);
  } catch (error) {
    await ctx.db.leadFileRows.discard(workspaceId, fileId).catch((discardError: unknown) => {
      ctx.log.warn(
        { err: discardError, fileId },
        'could not remove the rows of a refused upload; they expire',
      );
    });
    throw error;
  }
}

/** The `charset` the file was sent with (null: none named), after checking its media type. */
function csvCharset(contentType: string | undefined): string | null {
  const [mediaType = '', ...parameters] = (contentType ?? '').split(';').map((part) => part.trim());
  if (!CSV_MEDIA_TYPES.includes(mediaType.toLowerCase())) {
    throw new HttpError(
      415,
      'a lead file must be sent as text/csv or text/tab-separated-values (the file itself as the body)',
      { code: 'unsupported_media_type' },
    );
  }
  const charset = parameters
    .map((parameter) => /^charset\s*=\s*"?([^";]+)"?$/i.exec(parameter)?.[1])
    .find((value) => value !== undefined);
  if (charset === undefined) return null;
  if (!isKnownCharset(charset)) {
    throw new HttpError(415, `charset ${JSON.stringify(charset)} is not known; send UTF-8 or name another`, {
      code: 'unsupported_media_type',
    });
  }
  return charset;
}

function tooManyRows(line: number): HttpError {
  const max = LEAD_FILE_LIMITS.maxRows;
  return new HttpError(
    413,
    `the file has more than ${max} data rows (line ${line} is row ${max + 1}); split it into files of at most ${max} rows`,
    { code: 'too_many_rows', details: { maxRows: max } },
  );
}
