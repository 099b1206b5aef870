/**
 * A CSV file's text as its header and its rows, each with the line it starts on. The delimiter is
 * read from the header line before the parser starts, then csv-parse (RFC 4180, streaming) reads
 * the whole file with it. A row whose cell count differs from the header's, or with a cell past
 * the cell limit, is handed on with its problem rather than refusing the file; what the parser
 * cannot read at all (a quote never closed, a row past the row limit) refuses it, naming the line.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { parse, type CsvError, type Options } from 'csv-parse';
import { LEAD_FILE_LIMITS } from '@outreach/contract';
import { HttpError } from '../http/http-error.js';
import { detectDelimiter, headerLineEnd, type CsvDelimiter } from './csv-delimiter.js';

export interface CsvRow {
  /** The line the row starts on; the header is line 1. */
  line: number;
  cells: string[];
  /** Why the row cannot be read whatever the mapping, or null. */
  problem: string | null;
}

export interface CsvFile {
  delimiter: CsvDelimiter;
  /** The header's names, trimmed and made unique (see `columnNames`). */
  columns: string[];
  /** The data rows, in file order; empty lines and rows of empty cells are left out. */
  rows: AsyncIterable<CsvRow>;
}

/**
 * Reads the header (waiting for as much text as it takes) and answers the file; its rows are read
 * as they are iterated, with the parser holding at most the row being read.
 */
export async function openCsv(text: AsyncIterable<string>): Promise<CsvFile> {
  const source = text[Symbol.asyncIterator]();
  let head = '';
  let end = -1;
  while (end === -1) {
    const next = await source.next();
    if (next.done === true) break;
    head += next.value;
    end = headerLineEnd(head);
    if (end === -1 && head.length > LEAD_FILE_LIMITS.rowMaxLength) {
      throw invalid(`line 1: the header is longer than ${LEAD_FILE_LIMITS.rowMaxLength} characters`, 1);
    }
  }
  const delimiter = detectDelimiter(end === -1 ? head : head.slice(0, end));
  const records = parsed(rest(head, source), delimiter)[Symbol.asyncIterator]();
  const first = await records.next();
  if (first.done === true) throw invalid('the file is empty: its first line must name the columns', 1);
  const columns = columnNames(first.value.cells);
  return { delimiter, columns, rows: dataRows(records, columns) };
}

/** The text already read for the header, then the rest of the source. */
async function* rest(head: string, source: AsyncIterator<string>): AsyncGenerator<string> {
  // A byte order mark decoded under a charset that does not strip it would name the first column.
  if (head !== '') yield head.startsWith('\uFEFF') ? head.slice(1) : head;
  for (;;) {
    const next = await source.next();
    if (next.done === true) return;
    yield next.value;
  }
}

interface ParsedRecord {
  cells: string[];
  line: number;
}

/**
 * Every record with the line it starts on. The parser's own line count takes a CRLF inside a
 * quoted cell for two lines, so lines are counted here: a record spans one line plus the line
 * breaks its cells hold (CRLF, LF or CR, each one break), counted as the parser produces records,
 * so the start of a record it then refuses is known too.
 */
async function* parsed(text: AsyncIterable<string>, delimiter: CsvDelimiter): AsyncGenerator<ParsedRecord> {
  let nextLine = 1;
  const options: Options<ParsedRecord, string[]> = {
    delimiter,
    // Rows with too few or too many cells are reported as invalid rows, not as a broken file.
    relax_column_count: true,
    // A quote inside an unquoted cell (`5" screen`) is text, as spreadsheets write it.
    relax_quotes: true,
    skip_empty_lines: false,
    record_delimiter: ['\r\n', '\n', '\r'],
    // Memory protection: a quote never closed would read the rest of the file as one cell.
    max_record_size: LEAD_FILE_LIMITS.rowMaxLength,
    on_record: (cells: string[]): ParsedRecord => {
      const line = nextLine;
      nextLine += 1 + cells.reduce((breaks, cell) => breaks + lineBreaks(cell), 0);
      return { cells, line };
    },
  };
  // The typings overload `parse` for records left as arrays; `on_record` makes them ParsedRecords.
  const parser = parse(options as unknown as Options);
  // Errors of the source (text that is not text, a file too large) destroy the parser with them,
  // so the loop below throws them; breaking out of the loop ends the source.
  pipeline(Readable.from(text), parser, () => undefined);
  try {
    for await (const record of parser as AsyncIterable<ParsedRecord>) yield record;
  } catch (error) {
    throw isCsvError(error) ? parserRefusal(error, nextLine) : error;
  }
}

function lineBreaks(cell: string): number {
  let count = 0;
  for (let index = 0; index < cell.length; index += 1) {
    const char = cell.charCodeAt(index);
    if (char === 10) count += 1;
    else if (char === 13) {
      count += 1;
      if (cell.charCodeAt(index + 1) === 10) index += 1;
    }
  }
  return count;
}

async function* dataRows(
  records: AsyncIterator<ParsedRecord>,
  columns: readonly string[],
): AsyncGenerator<CsvRow> {
  for (;;) {
    const next = await records.next();
    if (next.done === true) return;
    const { cells, line } = next.value;
    if (cells.every((cell) => cell.trim() === '')) continue;
    yield { line, cells, problem: problemOf(cells, columns) };
  }
}

function problemOf(cells: readonly string[], columns: readonly string[]): string | null {
  if (cells.length !== columns.length) {
    return `has ${cells.length} ${cells.length === 1 ? 'cell' : 'cells'}, the header has ${columns.length}`;
  }
  const long = cells.findIndex((cell) => cell.length > LEAD_FILE_LIMITS.cellMaxLength);
  if (long !== -1) {
    return `column ${JSON.stringify(columns[long])}: the cell is longer than ${LEAD_FILE_LIMITS.cellMaxLength} characters`;
  }
  return null;
}

/**
 * The header's names as a mapping names them: trimmed, an empty one `Column <n>` (its position),
 * a repeated one ` (2)`, ` (3)`, … Refuses a header past the column or name limits.
 */
export function columnNames(header: readonly string[]): string[] {
  if (header.length > LEAD_FILE_LIMITS.maxColumns) {
    throw invalid(
      `line 1: the file has ${header.length} columns, at most ${LEAD_FILE_LIMITS.maxColumns} are read`,
      1,
    );
  }
  const names: string[] = [];
  const taken = new Set<string>();
  header.forEach((cell, index) => {
    const base = cell.trim() === '' ? `Column ${index + 1}` : cell.trim();
    if (base.length > LEAD_FILE_LIMITS.columnNameMaxLength) {
      throw invalid(
        `line 1: column ${index + 1}'s name is longer than ${LEAD_FILE_LIMITS.columnNameMaxLength} characters (is the first line the header?)`,
        1,
      );
    }
    let name = base;
    for (let copy = 2; taken.has(name); copy += 1) name = `${base} (${copy})`;
    taken.add(name);
    names.push(name);
  });
  return names;
}

function isCsvError(error: unknown): error is CsvError {
  const code: unknown = (error as { code?: unknown } | null)?.code;
  return error instanceof Error && typeof code === 'string' && code.startsWith('CSV_');
}

function parserRefusal(error: CsvError, line: number): HttpError {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return invalid(`line ${line}: a quoted cell is never closed (${error.message})`, line);
    case 'CSV_MAX_RECORD_SIZE':
      return invalid(
        `line ${line}: the row is longer than ${LEAD_FILE_LIMITS.rowMaxLength} characters (is a quote left open?)`,
        line,
      );
    default:
      return invalid(`line ${line}: ${error.message}`, line);
  }
}

function invalid(message: string, line: number): HttpError {
  return new HttpError(422, message, { code: 'invalid_csv', details: { line } });
}
